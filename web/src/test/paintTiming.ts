// A stand-in for the browser's paint timing: the test decides when the first contentful paint is
// reported to the observers (buffered entries included, as `buffered: true` asks).
export class FakePaintObserver {
  static supportedEntryTypes: readonly string[] = ['paint'];
  static observers = new Set<FakePaintObserver>();
  static paint(name: string): void {
    for (const observer of [...FakePaintObserver.observers]) {
      observer.callback({ getEntriesByName: (n: string) => (n === name ? [{ name }] : []) });
    }
  }
  constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {}
  observe(): void {
    FakePaintObserver.observers.add(this);
  }
  disconnect(): void {
    FakePaintObserver.observers.delete(this);
  }
}

