/**
 * What the browser lets us offer for installation. The beforeinstallprompt event fires early, so
 * captureInstallPrompt runs before React renders and keeps the event until the person asks.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** prompt: the browser's own dialog; ios: manual "Aggiungi a Home" steps; none: nothing to offer. */
export type InstallMode = 'prompt' | 'ios' | 'none';

export interface InstallSnapshot {
  mode: InstallMode;
}

interface NavigatorLike {
  userAgent: string;
  platform?: string;
  maxTouchPoints?: number;
  standalone?: boolean;
}

/** iPhone, iPod and iPad (iPadOS reports itself as a Mac with touch). */
export function isIosMobile(nav: NavigatorLike): boolean {
  if (/iphone|ipad|ipod/i.test(nav.userAgent)) return true;
  return nav.platform === 'MacIntel' && (nav.maxTouchPoints ?? 0) > 1;
}

/** Running as an installed app. */
export function isStandalone(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches);
}

/** The pure rule: installed or standalone hides everything; a deferred prompt wins; iOS gets instructions. */
export function installModeFor(input: { standalone: boolean; installed: boolean; hasPrompt: boolean; ios: boolean }): InstallMode {
  if (input.standalone || input.installed) return 'none';
  if (input.hasPrompt) return 'prompt';
  return input.ios ? 'ios' : 'none';
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
let snapshot: InstallSnapshot = { mode: 'none' };
const listeners = new Set<() => void>();

function refresh(): void {
  const mode = installModeFor({
    standalone: isStandalone(),
    installed,
    hasPrompt: deferred !== null,
    ios: isIosMobile(navigator),
  });
  if (mode !== snapshot.mode) {
    snapshot = { mode };
    for (const listener of listeners) listener();
  }
}

/** Starts listening; call once at start-up. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    refresh();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    refresh();
  });
  refresh();
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getInstallSnapshot(): InstallSnapshot {
  return snapshot;
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'accepted') installed = true;
  refresh();
  return choice.outcome === 'accepted';
}
