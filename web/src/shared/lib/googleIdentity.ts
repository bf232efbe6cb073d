/**
 * Google Identity Services, loaded only where a Google button is shown and only when the deployment
 * has a client id (GET /api/config). The server's CSP allows exactly this script.
 */
export const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

interface CredentialResponse {
  credential?: string;
}

interface GoogleAccountsId {
  initialize: (options: { client_id: string; callback: (response: CredentialResponse) => void; ux_mode?: 'popup'; context?: string }) => void;
  renderButton: (element: HTMLElement, options: Record<string, string | number>) => void;
}

interface GoogleGlobal {
  accounts?: { id?: GoogleAccountsId };
}

function googleAccounts(): GoogleAccountsId | null {
  const google = (window as unknown as { google?: GoogleGlobal }).google;
  return google?.accounts?.id ?? null;
}

let loading: Promise<GoogleAccountsId> | null = null;

/** Loads the script once; rejects when it cannot be reached (offline, blocked). */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = googleAccounts();
  if (ready) return Promise.resolve(ready);
  if (loading) return loading;
  loading = new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const accounts = googleAccounts();
      if (accounts) resolve(accounts);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface GoogleButtonOptions {
  clientId: string;
  element: HTMLElement;
  /** Receives the ID token (the "credential") after the person signs in. */
  onCredential: (credential: string) => void;
  text?: 'signin_with' | 'signup_with' | 'continue_with';
  width?: number;
}

/** Renders Google's own button into element. */
export async function renderGoogleButton(options: GoogleButtonOptions): Promise<void> {
  const accounts = await loadGoogleIdentity();
  accounts.initialize({
    client_id: options.clientId,
    ux_mode: 'popup',
    context: 'signup',
    callback: (response) => {
      if (response.credential) options.onCredential(response.credential);
    },
  });
  accounts.renderButton(options.element, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    shape: 'pill',
    text: options.text ?? 'continue_with',
    locale: 'it',
    width: options.width ?? 320,
  });
}
