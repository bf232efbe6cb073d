import { vi } from 'vitest';
import { resetFirstPaint } from '../shared/lib/firstPaint';

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

/**
 * The browser's paint timing as FakePaintObserver, with no first paint yet (the app's watcher
 * forgotten): a test then paints with FakePaintObserver.paint('first-contentful-paint').
 * Undo with vi.unstubAllGlobals() and resetFirstPaint().
 */
export function stubPaintTiming(): void {
  FakePaintObserver.observers.clear();
  resetFirstPaint();
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
}
