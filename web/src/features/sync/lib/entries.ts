import { refusalSaidOnScreen } from '../../../shared/offline/command';
import type { OutboxEntry } from '../../../shared/offline/db';
import type { PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/sync';

/** The states a person sees for a queued action. */
export type EntryState = 'pending' | 'sending' | 'sent' | 'failed' | 'review';

export function entryState(entry: OutboxEntry): EntryState {
  if (entry.state === 'failed') return 'failed';
  if (entry.state === 'sent') return 'sent';
  if (entry.state === 'sending') return 'sending';
  return entry.needsReview ? 'review' : 'pending';
}

/**
 * What each kind of action is called on the status page. A feature that queues a new kind adds its
 * label here; an unknown kind is described by what it does to the server (create, change, delete).
 */
const KIND_LABELS: Record<string, PlainKey> = {
  'appointment.cancel': 'sync.kind.appointmentCancel',
  'appointment.confirm': 'sync.kind.appointmentConfirm',
  'appointment.reject': 'sync.kind.appointmentReject',
  'appointment.complete': 'sync.kind.appointmentComplete',
  'appointment.book': 'sync.kind.appointmentBook',
  'designer.update': 'sync.kind.designerUpdate',
  'availability.update': 'sync.kind.availabilityUpdate',
  'account.update': 'sync.kind.accountUpdate',
  'like.toggle': 'sync.kind.like',
  'share.record': 'sync.kind.share',
  'chat.message': 'sync.kind.chatMessage',
  'chat.contact': 'sync.kind.chatContact',
  'questionnaire.match': 'sync.kind.quizResult',
  'session.logout': 'sync.kind.logout',
  'session.logoutAll': 'sync.kind.logoutAll',
};

/** Kinds whose screens announce a refusal themselves (the weekly editor lists the conflicting bookings). */
const ANNOUNCED_BY_FEATURE = new Set(['availability.update']);

/**
 * The refused entries to announce now: those not refused at the last look (`known`), or, on the first
 * look (`known` null), those refused since the app started (`since`), so a refusal from an earlier
 * visit is not announced again; never those their own screen announces. Returns the new `known`.
 */
export function refusalsToAnnounce(
  entries: readonly OutboxEntry[],
  known: ReadonlySet<number> | null,
  since: number,
): { fresh: OutboxEntry[]; failed: Set<number> } {
  const refused = entries.filter((entry) => entry.state === 'failed');
  const failed = new Set(refused.map((entry) => entry.seq));
  const isNew = (entry: OutboxEntry): boolean => (known === null ? (entry.failedAt ?? 0) >= since : !known.has(entry.seq));
  const fresh = refused
    .filter((entry) => isNew(entry) && !ANNOUNCED_BY_FEATURE.has(entry.kind) && !refusalSaidOnScreen(entry))
    .sort((a, b) => a.seq - b.seq);
  return { fresh, failed };
}

const METHOD_LABELS: Record<OutboxEntry['method'], PlainKey> = {
  POST: 'sync.kind.create',
  PUT: 'sync.kind.update',
  PATCH: 'sync.kind.update',
  DELETE: 'sync.kind.delete',
};

export function entryLabelKey(entry: Pick<OutboxEntry, 'kind' | 'method'>): PlainKey {
  return KIND_LABELS[entry.kind] ?? METHOD_LABELS[entry.method];
}

/** Registers the label of a kind (a feature calls this next to its command's declaration). */
export function registerKindLabel(kind: string, label: PlainKey): void {
  KIND_LABELS[kind] = label;
}

/** Which actions a person may take on an entry in a given state. */
export function entryActions(state: EntryState): { retry: boolean; discard: boolean; confirm: boolean } {
  return {
    retry: state === 'failed',
    discard: state === 'failed' || state === 'pending' || state === 'review',
    confirm: state === 'review',
  };
}

/** Newest first, so what was just done is on top; sent entries after the ones still open. */
export function sortForPage(entries: readonly OutboxEntry[]): OutboxEntry[] {
  const open = (e: OutboxEntry) => (e.state === 'sent' ? 1 : 0);
  return [...entries].sort((a, b) => open(a) - open(b) || b.seq - a.seq);
}
