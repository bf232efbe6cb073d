import { newIdempotencyKey } from '../lib/ids';
import { httpError, transportError, type AppError } from './errors';

/** How far an upload has come: 0 to 1 while sending, 1 once the server has everything. */
export type UploadProgress = (fraction: number) => void;

export interface UploadRequest {
  method: 'POST' | 'PUT';
  /** Path under /api, e.g. "/designers". */
  path: string;
  body: unknown;
  token?: string | null;
  onProgress?: UploadProgress;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** For tests: builds the request object. */
  createRequest?: () => XMLHttpRequest;
}

export type UploadResult<T> = { data: T; error?: undefined } | { data?: undefined; error: AppError };

/**
 * Sends a large JSON body (pictures as data URLs) and reports upload progress, which fetch cannot
 * do. Same contract as the app's base query: bearer token when given, an Idempotency-Key, and every
 * failure as an AppError with an Italian message.
 */
export function sendWithProgress<T>(request: UploadRequest): Promise<UploadResult<T>> {
  return new Promise((resolve) => {
    const xhr = request.createRequest ? request.createRequest() : new XMLHttpRequest();
    xhr.open(request.method, `/api${request.path}`);
    xhr.timeout = request.timeoutMs ?? 120_000;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Idempotency-Key', newIdempotencyKey());
    if (request.token) xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.upload.onload = () => request.onProgress?.(1);
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        parsed = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ data: parsed as T });
        return;
      }
      resolve({ error: httpError(xhr.status, parsed, xhr.getResponseHeader('Retry-After')) });
    };
    xhr.onerror = () => resolve({ error: transportError('network', 'Failed to fetch') });
    xhr.ontimeout = () => resolve({ error: transportError('timeout', 'The upload timed out') });
    xhr.onabort = () => resolve({ error: transportError('network', 'aborted') });
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(JSON.stringify(request.body));
  });
}
