/** How far an upload has come: 0 to 1 while sending, 1 once the server has everything. */
export type UploadProgress = (fraction: number) => void;

/** How long an upload may take before it is given up (twelve pictures on a slow connection). */
const UPLOAD_TIMEOUT_MS = 120_000;

/** The statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch made with XMLHttpRequest, for the one thing fetch cannot do: report an upload's progress.
 * The send path of the writes that are never kept on the device uses it when the screen asks for
 * progress (a designer's registration with twelve pictures); the request is the same one sendEntry
 * makes, and a failure rejects as fetch's does, so the outcome is read the same way.
 */
export function xhrFetch(onProgress: UploadProgress, createRequest: () => XMLHttpRequest = () => new XMLHttpRequest()): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = createRequest();
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      xhr.open(init?.method ?? 'GET', url);
      xhr.timeout = UPLOAD_TIMEOUT_MS;
      const headers = init?.headers;
      // Names as written (sendEntry's are a plain record), not Headers' lower case.
      const entries = headers instanceof Headers || Array.isArray(headers) ? [...new Headers(headers).entries()] : Object.entries(headers ?? {});
      for (const [name, value] of entries) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
      xhr.upload.onload = () => onProgress(1);
      xhr.onload = () => {
        const headers = new Headers();
        for (const name of ['Content-Type', 'Retry-After']) {
          const value = xhr.getResponseHeader(name);
          if (value !== null) headers.set(name, value);
        }
        resolve(new Response(NO_BODY.has(xhr.status) ? null : xhr.responseText, { status: xhr.status, headers }));
      };
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.ontimeout = () => reject(new TypeError('The upload timed out'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
      init?.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send((init?.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
