/**
 * A stand-in for the browser's EventSource (jsdom has none): tests open streams through the code
 * under test, then emit events or an open on them and check what the screens did.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, Set<(event: MessageEvent<string>) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The types something listens to. */
  types(): string[] {
    return [...this.listeners.entries()].filter(([, set]) => set.size > 0).map(([type]) => type);
  }

  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatch('open', '');
  }

  emit(type: string, data: unknown): void {
    this.dispatch(type, JSON.stringify(data));
  }

  private dispatch(type: string, data: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }

  /** The stream the tab has open now (the last one not closed). */
  static current(): FakeEventSource | undefined {
    return [...FakeEventSource.instances].reverse().find((source) => source.readyState !== FakeEventSource.CLOSED);
  }
}
