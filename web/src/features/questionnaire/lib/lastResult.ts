import type { InternoDatabase } from '../../../shared/offline/db';
import { loadOffline } from '../../../shared/offline/lazy';
import { getCachedResponse, putCachedResponse } from '../../../shared/offline/responseCache';
import { parseAnalysis, type StyleAnalysis } from './questionnaire';
import { parseMatchPage, type MatchPage } from '../../matching/lib/matches';

/**
 * The last questionnaire result on this device, kept in IndexedDB (the responses table, under a
 * key of its own) so the result and the last matched designers show offline and after a reload.
 */
const LAST_RESULT_URL = 'local:questionnaire/last-result';

export interface LastResult {
  answers: string[];
  analysis: StyleAnalysis;
  /** The server's first page, or null while the submission waits in the outbox. */
  matches: MatchPage | null;
  /** True while the answers wait in the outbox for a connection. */
  pending: boolean;
  savedAt: number;
}

type Listener = (result: LastResult) => void;
const listeners = new Set<Listener>();

/** Called when the outbox delivers a result computed offline, so open screens update. */
export function onLastResult(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function saveLastResult(result: LastResult, database?: InternoDatabase): Promise<void> {
  await putCachedResponse(database ?? (await loadOffline()).db, null, LAST_RESULT_URL, result, result.savedAt);
  for (const listener of listeners) listener(result);
}

export async function loadLastResult(database?: InternoDatabase): Promise<LastResult | null> {
  const cached = await getCachedResponse(database ?? (await loadOffline()).db, null, LAST_RESULT_URL);
  return parseLastResult(cached?.data);
}

/** A kept LastResult (IndexedDB, or a history entry: journeyHistory.ts), or null when damaged. */
export function parseLastResult(data: unknown): LastResult | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const analysis = parseAnalysis(record.analysis);
  if (!analysis || !Array.isArray(record.answers)) return null;
  return {
    answers: record.answers.filter((a): a is string => typeof a === 'string'),
    analysis,
    matches: record.matches ? parseMatchPage(record.matches) : null,
    pending: record.pending === true,
    savedAt: typeof record.savedAt === 'number' ? record.savedAt : 0,
  };
}
