import { useEffect, useRef } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/sync';
import { showToast } from '../../../shared/ui/Toast';
import { entryLabelKey, refusalsToAnnounce } from '../lib/entries';
import { useOutboxEntries } from './useOutboxEntries';

/**
 * Tells the person, wherever they are in the app, when the server refused an action replayed from
 * the outbox: a toast with what the action was and why, in Italian. Refusals from before this page
 * opened are not announced again (the strip and /sincronizzazione list them).
 */
export function useRefusalNotices(): void {
  const entries = useOutboxEntries();
  const known = useRef<Set<number> | null>(null);
  // Since the page started loading, not since this hook mounted: the first drain of a page opened as
  // the connection returns can be refused before the shell has rendered.
  const since = useRef(Math.floor(performance.timeOrigin));
  useEffect(() => {
    if (!entries) return;
    const { fresh, failed } = refusalsToAnnounce(entries, known.current, since.current);
    known.current = failed;
    for (const entry of fresh) {
      showToast(t('sync.refusedToast', { action: t(entryLabelKey(entry)) }), { tone: 'error', detail: entry.lastError?.message });
    }
  }, [entries]);
}
