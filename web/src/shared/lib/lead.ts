import type { Narrowed, Schemas } from '../api/contract';

/**
 * The questionnaire lead, and every way the web app passes it on. A lead is the questionnaire a
 * visitor took (POST /api/match-designers creates it): registering, signing in, reading its matches
 * and the results e-mail all carry it. This module is the only place that knows its fields and their
 * names in bodies, queries and links, so a change to how leads are addressed (an unguessable
 * `lead_token` next to `lead_id`) is made here.
 */
export type Lead = Narrowed<
  Schemas['MatchesView'],
  'lead_id' | 'lead_token',
  {
    /** A lead exists only with an id (the answer's null means "no lead"). */
    lead_id: number;
    /** The lead's secret, when the server gives one; sent wherever the lead is. */
    lead_token?: string;
  }
>;

function positiveInteger(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

function token(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The lead of an API answer or of a stored copy ({lead_id, lead_token}); null when there is none. */
export function parseLead(raw: unknown): Lead | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const id = positiveInteger(record.lead_id);
  if (id === null) return null;
  const secret = token(record.lead_token);
  return secret ? { lead_id: id, lead_token: secret } : { lead_id: id };
}

/**
 * The lead a link brings (`leadId`, `leadToken`, as /login and the results e-mail name them). The
 * server reads and attaches a lead only with its token, so a link's bare `leadId` names no lead here.
 */
export function leadFromQuery(search: URLSearchParams): Lead | null {
  const id = positiveInteger(search.get('leadId'));
  const secret = token(search.get('leadToken'));
  return id !== null && secret ? { lead_id: id, lead_token: secret } : null;
}

/** Whether a link names a lead at all (a `leadId`, with or without its token): /login then opens on registration. */
export function linkNamesLead(search: URLSearchParams): boolean {
  return positiveInteger(search.get('leadId')) !== null;
}

/** Removes a link's lead from its query (both names), in place. */
export function dropLeadQuery(search: URLSearchParams): void {
  search.delete('leadId');
  search.delete('leadToken');
}

/** The lead as query parameters of an app link (`leadId=…&leadToken=…`). */
export function leadQuery(lead: Lead): string {
  const params = new URLSearchParams({ leadId: String(lead.lead_id) });
  if (lead.lead_token) params.set('leadToken', lead.lead_token);
  return params.toString();
}

/** The lead as body fields and API query parameters (`lead_id`, `lead_token`). */
export function leadFields(lead: Lead): { lead_id: number; lead_token?: string } {
  return lead.lead_token ? { lead_id: lead.lead_id, lead_token: lead.lead_token } : { lead_id: lead.lead_id };
}

export function sameLead(a: Lead | null, b: Lead | null): boolean {
  return a !== null && b !== null && a.lead_id === b.lead_id;
}
