import { asRecord, entryState, newEntryKey, pushEntry, replaceEntry } from '../../../shared/lib/historyEntry';
import { journeyHeir } from '../../../shared/lib/journey';
import { parseLead, type Lead } from '../../../shared/lib/lead';
import { parseMatchPage, type MatchPage } from '../../matching/lib/matches';
import type { FlowState } from './homeFlow';
import { parseLastResult, type LastResult } from './lastResult';
import { parseAnalysis, type StyleAnalysis } from './questionnaire';

/**
 * Where the home journey was, kept in the browser's history entry (`history.state`), so that Back
 * from a designer's profile, Forward, or a reload brings back the same question with its answers,
 * the result, and the designers with as many pages as were open and the scroll position, instead of
 * the first question. A new visit to `/?openQuestionnaire=true` is a new entry without it and starts
 * the test; `/` and `?reset=true` still reset (customer spec, section 2). It lives in the entry, not
 * in the session's storage, so two tabs, or an older entry of this one, keep their own places.
 */
/** The result of a finished questionnaire, as the journey shows it and its history entry keeps it. */
export interface JourneyResult {
  answers: string[];
  analysis: StyleAnalysis;
  lead: Lead | null;
  firstPage?: MatchPage;
  /** The answers wait in the outbox (finished offline). */
  pending: boolean;
  /** A result computed offline: what the device showed the time before (the 'last seen' cards). */
  previous: LastResult | null;
}

export interface SavedJourney {
  /**
   * The signed-in person's id, or null for a visitor. An account's journey is never given back to
   * anyone else (nor to the visitor after a logout); a visitor's goes to the account that signed in
   * carrying its quiz (the visitor registering or signing in from it: shared/lib/journey, journeyHeir).
   */
  owner: string | null;
  /**
   * Which run of the test this is (a new one on "Rifai il test"): stepping back within one run keeps
   * the answers given since, while an entry of an earlier run comes back as it was.
   */
  run: string;
  /**
   * How many steps of this journey lie in the entries before this one: each step forward (Avanti,
   * Completa, Mostra Designer, Rifai il test) is an entry of its own, so the browser's Back goes one
   * step back, as "Indietro" does; 0 for the entry the journey began in.
   */
  depth: number;
  flow: FlowState;
  result: JourneyResult | null;
  /** The matching failure's alert, as shown. */
  failure: string | null;
  /** Pages of designers open ("Carica altri designer"). */
  pages: number;
  /** The window's scroll position on the designers. */
  scrollY: number;
}

const KEY = 'internoHomeJourney';



function parseFlow(raw: unknown, questions: number): FlowState | null {
  const flow = asRecord(raw);
  if (!flow || !Array.isArray(flow.answers) || flow.answers.length !== questions) return null;
  if (!flow.answers.every((a) => a === null || typeof a === 'string')) return null;
  const phase = flow.phase;
  const index = flow.index;
  if (phase !== 'questionnaire' && phase !== 'prompt' && phase !== 'designers') return null;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= questions) return null;
  return { phase, index, answers: flow.answers as (string | null)[] };
}

/**
 * The journey kept in the current history entry for `owner` (a user id, null for a visitor), if it
 * fits a questionnaire of `questions` questions (a changed questionnaire starts afresh); a result is
 * required past the questions.
 */
export function readSavedJourney(questions: number, owner: string | null, state: unknown = window.history.state): SavedJourney | null {
  const saved = asRecord(entryState(state)?.[KEY]);
  if (!saved) return null;
  // Kept by an account that is not this one (a logout, or another account, since): not this
  // person's to see. A visitor's journey is the account's that signed in carrying its quiz
  // (journeyHeir): without it, Back from the new account's page went through the test's entries as
  // first questions; any other account does not get it.
  const keptBy = typeof saved.owner === 'string' ? saved.owner : null;
  if (keptBy !== null && keptBy !== owner) return null;
  if (keptBy === null && owner !== null && journeyHeir() !== owner) return null;
  const flow = parseFlow(saved.flow, questions);
  if (!flow) return null;
  const raw = asRecord(saved.result);
  const analysis = raw ? parseAnalysis(raw.analysis) : null;
  const result =
    raw && analysis && Array.isArray(raw.answers)
      ? {
          answers: raw.answers.filter((a): a is string => typeof a === 'string'),
          analysis,
          lead: parseLead(raw.lead),
          firstPage: raw.firstPage ? parseMatchPage(raw.firstPage) : undefined,
          pending: raw.pending === true,
          previous: parseLastResult(raw.previous),
        }
      : null;
  if (flow.phase !== 'questionnaire' && !result) return null;
  const pages = typeof saved.pages === 'number' && Number.isInteger(saved.pages) && saved.pages > 0 ? Math.min(saved.pages, 50) : 1;
  const scrollY = typeof saved.scrollY === 'number' && Number.isFinite(saved.scrollY) && saved.scrollY > 0 ? saved.scrollY : 0;
  const failure = typeof saved.failure === 'string' && saved.failure !== '' ? saved.failure : null;
  const run = typeof saved.run === 'string' ? saved.run : '';
  const depth = typeof saved.depth === 'number' && Number.isInteger(saved.depth) && saved.depth > 0 ? saved.depth : 0;
  return { owner, run, depth, flow, result, pages, scrollY, failure };
}

/** A new run's name: only told apart from the other runs of this tab's history. */
export function newRun(): string {
  return newEntryKey();
}

/**
 * Keeps `journey` in the current history entry, beside what the router keeps there, or, for a step
 * forward (`step`), in a new entry after it (same address), so that Back comes back to this one.
 */
export function saveJourney(journey: SavedJourney, step = false): void {
  try {
    if (step) pushEntry({ [KEY]: journey });
    else replaceEntry({ [KEY]: journey });
  } catch {
    // A state the browser refuses (too large): Back then starts the test again, as before.
  }
}
