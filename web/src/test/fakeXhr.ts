/**
 * A scripted XMLHttpRequest for upload tests: records what was sent, reports progress and answers
 * with the status and body the test chose (or a network failure).
 */
export interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export class FakeXhr {
  static sent: FakeXhr[] = [];
  static answer: FakeAnswer | 'network' = { status: 200, body: {} };

  method = '';
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  body: string | null = null;
  requestHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private responseHeaders: Record<string, string> = {};

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders[name] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name] ?? null;
  }

  abort(): void {
    this.onabort?.();
  }

  send(body: string): void {
    this.body = body;
    FakeXhr.sent.push(this);
    const answer = FakeXhr.answer;
    setTimeout(() => {
      if (answer === 'network') {
        this.onerror?.();
        return;
      }
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      this.upload.onload?.();
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.responseHeaders = answer.headers ?? {};
      this.onload?.();
    }, 0);
  }

  static reset(answer: FakeAnswer | 'network' = { status: 200, body: {} }): void {
    FakeXhr.sent = [];
    FakeXhr.answer = answer;
  }
}
