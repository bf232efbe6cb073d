import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useLatest } from '../lib/useLatest';

/** One part of a screen that Progressive mounts; the key keeps it mounted when others come or go. */
export interface ProgressivePart {
  key: string;
  node: ReactNode;
}

/** The call sites that have mounted once in this page. */
const completed = new Set<string>();

/** Tests: every call site mounts its parts one at a time again, as in a new page. */
export function forgetProgressiveMounts(): void {
  completed.clear();
}

export interface ProgressiveProps {
  /** Names the call site (one per screen). */
  id: string;
  parts: readonly ProgressivePart[];
  /** Mounts every part at once this time (a part is asked for straight away, by a link say). */
  atOnce?: boolean;
}

/**
 * Parts of a screen below its first screen, mounted one at a time the first time the screen shows
 * them in the page: each part renders in a task of its own after the part before it has painted,
 * so a tap or a scroll is answered between them instead of after one long render of them all (the
 * blocking time of a first visit, issue 16). Every later mount (the screen come back to with Back,
 * or opened again) renders them all at once, so the page has its full height at once and the
 * router restores its scroll position instead of one clamped to a shorter page; so does a page in
 * a background tab, whose timers the browser slows down and where nobody is waiting to tap.
 */
export function Progressive({ id, parts, atOnce = false }: ProgressiveProps) {
  // The keys mounted so far, or 'all' once every part has been (a part that comes later then
  // mounts at once, and one that comes before the others moves none of them).
  const [mounted, setMounted] = useState<ReadonlySet<string> | 'all'>(() =>
    atOnce || completed.has(id) || document.visibilityState === 'hidden' || parts.length <= 1
      ? 'all'
      : new Set(parts.slice(0, 1).map((part) => part.key)),
  );
  const latestParts = useLatest(parts);
  const nextKey = mounted === 'all' ? null : (parts.find((part) => !mounted.has(part.key))?.key ?? null);
  useEffect(() => {
    completed.add(id);
  }, [id]);
  useEffect(() => {
    if (mounted === 'all') return undefined;
    // Effects run once the part just mounted has painted; the next one waits for a task of its own.
    // Without a next part (the ones left all mounted, after a part went), the parts are complete.
    const timer = window.setTimeout(() => {
      setMounted((keys) => {
        if (keys === 'all' || nextKey === null) return 'all';
        const now = new Set([...keys, nextKey]);
        return latestParts.current.every((part) => now.has(part.key)) ? 'all' : now;
      });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [latestParts, mounted, nextKey]);
  return (
    <>
      {parts
        .filter((part) => mounted === 'all' || mounted.has(part.key))
        .map((part) => (
          <Fragment key={part.key}>{part.node}</Fragment>
        ))}
    </>
  );
}
