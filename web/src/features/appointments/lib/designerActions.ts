import type { OutboxEntry, OutboxError } from '../../../shared/offline/db';
import type { DesignerAppointment, DesignerTab, StatusCounts } from '../api/appointmentsApi';

/** A queued step as the outbox keeps it (components name it through here, not through the database module). */
export type QueuedStep = OutboxEntry;

/** The designer's lifecycle steps that go through the outbox (delete stays an online call). */
export type DesignerAction = 'confirm' | 'reject' | 'complete';

export const DESIGNER_ACTION_KINDS: Readonly<Record<DesignerAction, string>> = {
  confirm: 'appointment.confirm',
  reject: 'appointment.reject',
  complete: 'appointment.complete',
};

/** The status each step leads to on the server. */
export const STATUS_AFTER: Readonly<Record<DesignerAction, string>> = {
  confirm: 'confirmed',
  reject: 'cancelled',
  complete: 'completed',
};

export function designerActionOf(kind: string): DesignerAction | null {
  for (const action of Object.keys(DESIGNER_ACTION_KINDS) as DesignerAction[]) {
    if (DESIGNER_ACTION_KINDS[action] === kind) return action;
  }
  return null;
}

export function appointmentIdOf(entity: string): number {
  const match = /^appointment:(\d+)$/.exec(entity);
  return match ? Number(match[1]) : 0;
}

/** What a card shows about the actions queued for it. */
export interface CardActionState {
  /** The first attempt of this step is on its way while online: the spec's busy label. */
  busy: DesignerAction | null;
  /** Steps waiting for the connection: the card already shows their outcome. */
  queued: DesignerAction | null;
  /** A step the server refused: the card is back where the server has it and says why. */
  failed: { action: DesignerAction; error: OutboxError; entry: OutboxEntry } | null;
  /** The status the card shows (the server's, moved by the queued steps). */
  status: string;
}

/**
 * How the designer's queued steps change a card. A step is "busy" only while its first attempt runs
 * online; once an attempt failed to reach the server (or the device is offline) the step is shown as
 * done and waiting. Refused steps never move the card.
 */
export function cardActionState(appointment: DesignerAppointment, entries: readonly OutboxEntry[], online: boolean): CardActionState {
  const state: CardActionState = { busy: null, queued: null, failed: null, status: appointment.status };
  const mine = entries
    .filter((entry) => appointmentIdOf(entry.entity) === appointment.appointment_id && entry.state !== 'sent')
    .sort((a, b) => a.seq - b.seq);
  for (const entry of mine) {
    const action = designerActionOf(entry.kind);
    if (!action) continue;
    if (entry.state === 'failed') {
      state.failed = { action, error: entry.lastError ?? { status: null, reason: null, message: '', detail: null }, entry };
      continue;
    }
    if (online && entry.lastError === null && state.queued === null) {
      state.busy = action;
      continue;
    }
    state.queued = action;
    state.status = STATUS_AFTER[action];
  }
  return state;
}

function inTab(status: string, tab: DesignerTab): boolean {
  return tab === 'all' || status === tab;
}

export interface DesignerView {
  appointments: DesignerAppointment[];
  counts: StatusCounts | undefined;
}

/**
 * The list a tab shows once the queued steps are applied: a card confirmed offline leaves "In
 * attesa" and appears under "Confermati" (taken from any list already loaded), and the counters move
 * with it. The server's copy wins again as soon as the step is sent or refused.
 */
export function applyQueuedActions(
  tab: DesignerTab,
  list: readonly DesignerAppointment[],
  counts: StatusCounts | undefined,
  known: readonly DesignerAppointment[],
  entries: readonly OutboxEntry[],
  online: boolean,
): DesignerView {
  const moved = new Map<number, { from: string; to: string }>();
  const byId = new Map<number, DesignerAppointment>();
  for (const appointment of [...known, ...list]) byId.set(appointment.appointment_id, appointment);
  for (const appointment of byId.values()) {
    const view = cardActionState(appointment, entries, online);
    if (view.status !== appointment.status) moved.set(appointment.appointment_id, { from: appointment.status, to: view.status });
  }
  if (moved.size === 0) return { appointments: [...list], counts };

  const shownIds = new Set(list.map((a) => a.appointment_id));
  const appointments = list.filter((a) => inTab(moved.get(a.appointment_id)?.to ?? a.status, tab));
  for (const [id, move] of moved) {
    const appointment = byId.get(id);
    if (!shownIds.has(id) && appointment && inTab(move.to, tab)) appointments.push(appointment);
  }

  let adjusted = counts;
  if (counts) {
    const next: StatusCounts = { ...counts };
    for (const move of moved.values()) {
      const from = move.from as keyof StatusCounts;
      const to = move.to as keyof StatusCounts;
      if (from in next && from !== 'all' && next[from] > 0) next[from] -= 1;
      if (to in next && to !== 'all') next[to] += 1;
    }
    adjusted = next;
  }
  return { appointments, counts: adjusted };
}
