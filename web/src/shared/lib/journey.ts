import { leadQuery, parseLead, sameLead, type Lead } from './lead';
import { PERSISTENT_KEYS, localArea, readJson, readString, removeKey, sessionArea, writeString, type StorageArea } from './storage';

/**
 * The visitor's journey across registration, in one place (customer spec, sections 2 and 4): the
 * questionnaire result and its lead, and what the visitor was doing when they were asked to register
 * (write to a designer, like one, book a call), with the page to come back to. Everything is kept in
 * sessionStorage under the seed's keys, so it lives as long as the tab:
 *
 * - `questionnaireAnswers`: `{lead_id, lead_token?, answers}` — the one place the lead is kept;
 * - `styleAnalysis`: the style analysis shown on the result screen;
 * - `pendingDesigner`: `{id, name, profile_picture?, action}` — who, and what the visitor wanted;
 * - `pendingContact`: `{designer_id, message}` — the message typed before registering;
 * - `pendingAppointment`: `{designer_id, designer_name, appointment_date?, message?, phone?}`;
 * - `returnAfterRegistration`: the page (path and query) to come back to.
 *
 * Registration and sign-in read the quiz from here; the app's journey resumer performs the intent
 * once the person is signed in, exactly once (it is cleared before it is acted on).
 */
export const JOURNEY_KEYS = {
  questionnaireAnswers: 'questionnaireAnswers',
  styleAnalysis: 'styleAnalysis',
  pendingDesigner: 'pendingDesigner',
  pendingContact: 'pendingContact',
  pendingAppointment: 'pendingAppointment',
  returnAfterRegistration: 'returnAfterRegistration',
  journeyHeir: 'journeyHeir',
} as const;

export interface StyleAnalysis {
  dominant_style: string;
  style_percentages: Record<string, number>;
}

/** Reads a style analysis value, or null when it does not have the expected shape. */
export function parseStyleAnalysis(raw: unknown): StyleAnalysis | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  if (typeof record.dominant_style !== 'string' || record.dominant_style === '') return null;
  const percentages: Record<string, number> = {};
  if (typeof record.style_percentages === 'object' && record.style_percentages !== null) {
    for (const [key, value] of Object.entries(record.style_percentages as Record<string, unknown>)) {
      const n = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(n)) percentages[key] = n;
    }
  }
  return { dominant_style: record.dominant_style, style_percentages: percentages };
}

/** The questionnaire as the journey keeps it. */
export interface QuizResult {
  /** The server's lead; null while it is not known (the questionnaire was finished offline). */
  lead: Lead | null;
  /** The chosen option texts; empty when only the lead is known (it came with a link). */
  answers: string[];
  /** The analysis shown to the visitor; null when only the lead is known. */
  style_analysis: StyleAnalysis | null;
}

function writeQuiz(result: QuizResult, storage: StorageArea | null): void {
  writeString(storage, JOURNEY_KEYS.questionnaireAnswers, JSON.stringify({ ...(result.lead ?? {}), answers: result.answers }));
  if (result.style_analysis) writeString(storage, JOURNEY_KEYS.styleAnalysis, JSON.stringify(result.style_analysis));
  else removeKey(storage, JOURNEY_KEYS.styleAnalysis);
}

/** Keeps a finished questionnaire for whatever follows in this tab (registration, sign-in, the e-mail). */
export function saveQuiz(result: QuizResult, storage: StorageArea | null = sessionArea()): void {
  writeQuiz(result, storage);
}

/** The questionnaire of this journey, or null when there is none. */
export function loadQuiz(storage: StorageArea | null = sessionArea()): QuizResult | null {
  const stored = readJson(storage, JOURNEY_KEYS.questionnaireAnswers);
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  const answers = Array.isArray(record.answers) ? record.answers.filter((a): a is string => typeof a === 'string') : [];
  const lead = parseLead(record);
  const analysis = parseStyleAnalysis(readJson(storage, JOURNEY_KEYS.styleAnalysis));
  if (lead === null && answers.length === 0) return null;
  return { lead, answers, style_analysis: analysis };
}

/** The lead of this journey, or null. */
export function currentLead(storage: StorageArea | null = sessionArea()): Lead | null {
  return loadQuiz(storage)?.lead ?? null;
}

/**
 * Records a lead the server gave later (a questionnaire finished offline and delivered by the outbox)
 * or a link brought (the results e-mail): the answers of this journey are kept when they are the
 * lead's own (no lead yet, or the same one); another lead starts a new journey with just the lead.
 */
export function rememberLead(lead: Lead, storage: StorageArea | null = sessionArea()): void {
  const quiz = loadQuiz(storage);
  if (quiz && (quiz.lead === null || sameLead(quiz.lead, lead))) {
    writeQuiz({ ...quiz, lead: { ...quiz.lead, ...lead } }, storage);
    return;
  }
  writeQuiz({ lead, answers: [], style_analysis: null }, storage);
}

/** Forgets the questionnaire once an account holds it. */
export function clearQuiz(storage: StorageArea | null = sessionArea()): void {
  removeKey(storage, JOURNEY_KEYS.questionnaireAnswers);
  removeKey(storage, JOURNEY_KEYS.styleAnalysis);
}

/**
 * A result kept by an older version of the app in localStorage (questionnaire_answers holding
 * {lead_id, answers}, style_analysis) moves into this journey once, so nobody mid-way loses it.
 */
export function adoptLegacyQuiz(local: StorageArea | null = localArea(), session: StorageArea | null = sessionArea()): void {
  const legacy = readJson(local, PERSISTENT_KEYS.questionnaireAnswers);
  if (legacy === null) return;
  if (loadQuiz(session) === null && typeof legacy === 'object') {
    const record = legacy as Record<string, unknown>;
    const answers = Array.isArray(record.answers) ? record.answers.filter((a): a is string => typeof a === 'string') : [];
    const lead = parseLead(record);
    if (lead !== null || answers.length > 0) {
      writeQuiz({ lead, answers, style_analysis: parseStyleAnalysis(readJson(local, PERSISTENT_KEYS.styleAnalysis)) }, session);
    }
  }
  removeKey(local, PERSISTENT_KEYS.questionnaireAnswers);
  removeKey(local, PERSISTENT_KEYS.styleAnalysis);
}

/** The designer a visitor acted on: enough to greet them by name and reopen what was open. */
export interface PendingDesigner {
  id: number;
  name: string;
  profile_picture?: string;
}

/** What the visitor was doing when they were asked to register. */
export type Intent =
  /** Write to the designer: with the message typed (cards), or to open the contact dialog (pages). */
  | { kind: 'contact'; designer: PendingDesigner; message?: string }
  | { kind: 'like'; designer: PendingDesigner }
  /** Book a call: the slot chosen (an RFC 3339 time) and what was typed in the booking dialog. */
  | { kind: 'book'; designer: PendingDesigner; appointment_date?: string; message?: string; phone?: string };

export type IntentKind = Intent['kind'];

export interface PendingIntent {
  intent: Intent;
  /** Where the person was (path and query); null when unknown. */
  returnPath: string | null;
}

function designerOf(raw: unknown): (PendingDesigner & { action: IntentKind }) | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const id = typeof record.id === 'number' ? record.id : Number(record.id);
  if (!Number.isInteger(id) || id <= 0) return null;
  const action = record.action === 'like' || record.action === 'book' ? record.action : 'contact';
  const designer: PendingDesigner & { action: IntentKind } = { id, name: typeof record.name === 'string' ? record.name : '', action };
  if (typeof record.profile_picture === 'string' && record.profile_picture !== '') designer.profile_picture = record.profile_picture;
  return designer;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Forgets the intent (done, or given up). The questionnaire stays. */
export function clearIntent(storage: StorageArea | null = sessionArea()): void {
  removeKey(storage, JOURNEY_KEYS.pendingDesigner);
  removeKey(storage, JOURNEY_KEYS.pendingContact);
  removeKey(storage, JOURNEY_KEYS.pendingAppointment);
  removeKey(storage, JOURNEY_KEYS.returnAfterRegistration);
}

/** Keeps what the visitor was doing and where, replacing any earlier intent (one at a time). */
export function rememberIntent(intent: Intent, returnPath: string, storage: StorageArea | null = sessionArea()): void {
  clearIntent(storage);
  const { id, name, profile_picture } = intent.designer;
  writeString(storage, JOURNEY_KEYS.pendingDesigner, JSON.stringify({ id, name, ...(profile_picture ? { profile_picture } : {}), action: intent.kind }));
  if (intent.kind === 'contact' && intent.message !== undefined && intent.message.trim() !== '') {
    writeString(storage, JOURNEY_KEYS.pendingContact, JSON.stringify({ designer_id: id, message: intent.message }));
  }
  if (intent.kind === 'book') {
    const { appointment_date, message, phone } = intent;
    writeString(
      storage,
      JOURNEY_KEYS.pendingAppointment,
      JSON.stringify({ designer_id: id, designer_name: name, ...(appointment_date ? { appointment_date } : {}), ...(message ? { message } : {}), ...(phone ? { phone } : {}) }),
    );
  }
  writeString(storage, JOURNEY_KEYS.returnAfterRegistration, returnPath);
}

/** The waiting intent, or null when there is none or it is unreadable. */
export function readIntent(storage: StorageArea | null = sessionArea()): PendingIntent | null {
  const designer = designerOf(readJson(storage, JOURNEY_KEYS.pendingDesigner));
  if (!designer) return null;
  const { action, ...who } = designer;
  const returnPath = readString(storage, JOURNEY_KEYS.returnAfterRegistration);
  if (action === 'like') return { intent: { kind: 'like', designer: who }, returnPath };
  if (action === 'book') {
    const raw = readJson(storage, JOURNEY_KEYS.pendingAppointment);
    const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const mine = Number(record.designer_id) === who.id;
    const date = mine ? text(record.appointment_date) : undefined;
    const message = mine ? text(record.message) : undefined;
    const phone = mine ? text(record.phone) : undefined;
    return {
      intent: { kind: 'book', designer: who, ...(date && !Number.isNaN(Date.parse(date)) ? { appointment_date: date } : {}), ...(message ? { message } : {}), ...(phone ? { phone } : {}) },
      returnPath,
    };
  }
  const raw = readJson(storage, JOURNEY_KEYS.pendingContact);
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const message = Number(record.designer_id) === who.id ? text(record.message) : undefined;
  return { intent: { kind: 'contact', designer: who, ...(message ? { message } : {}) }, returnPath };
}

/** Reads and forgets the intent in one step, so it is acted on once however often the app renders. */
export function takeIntent(storage: StorageArea | null = sessionArea()): PendingIntent | null {
  const pending = readIntent(storage);
  if (pending) clearIntent(storage);
  return pending;
}

/** The seed's `redirect` value of /login for each intent. */
const REDIRECT: Readonly<Record<IntentKind, 'contact' | 'designers' | 'appointment'>> = {
  contact: 'contact',
  like: 'designers',
  book: 'appointment',
};

/**
 * Where a visitor goes to register, carrying the lead of this journey when there is one:
 * /login?mode=register[&redirect=contact|designers|appointment][&leadId=…]. Without an intent (the
 * result screen's own "Registrati") there is no redirect.
 */
export function registrationPath(kind: IntentKind | null, lead: Lead | null = currentLead()): string {
  const base = kind ? `/login?mode=register&redirect=${REDIRECT[kind]}` : '/login?mode=register';
  return lead ? `${base}&${leadQuery(lead)}` : base;
}

/**
 * The navigation state of a way to the login that comes back to the page it leaves (the top bar's
 * "Accedi", a visitor's like, message or booking): the page's address. The sign-in then goes back to
 * that entry (features/auth/lib/destination.ts, returnsToPreviousEntry) instead of opening the page a
 * second time, which would leave it twice in the history and make the next Back seem to do nothing.
 */
export function loginFromState(path: string): { loginFrom: string } {
  return { loginFrom: path };
}

/**
 * Whether the visitors' home page at this query sends a signed-in person whose home is `home` on
 * there (the route guard GuestOnly): always, but for a customer's questionnaire
 * (`?openQuestionnaire=true`), which a customer may take again.
 */
export function homeSendsOn(search: string, home: string): boolean {
  return !(new URLSearchParams(search).get('openQuestionnaire') === 'true' && home === '/user-profile');
}

/**
 * A visitor's like, message or booking that needs an account: kept in the journey with the page it
 * was made on, and the registration that names it, to open from that page (the sign-in comes back to
 * its entry, and the app's journey resumer acts on the intent there).
 */
export function registrationFor(intent: Intent, returnPath: string): { to: string; state: { loginFrom: string } } {
  rememberIntent(intent, returnPath);
  return { to: registrationPath(intent.kind), state: loginFromState(returnPath) };
}

/**
 * The account that signed in carrying this tab's visitor quiz (the visitor registering or signing in
 * from it): the visitor's journey kept in the tab's history entries is theirs to come back to with
 * Back (journeyHistory.ts), and nobody else's. Cleared at logout with the session's keys.
 */
export function handJourneyTo(userId: string, storage: StorageArea | null = sessionArea()): void {
  writeString(storage, JOURNEY_KEYS.journeyHeir, userId);
}

/** The account handJourneyTo named, if any. */
export function journeyHeir(storage: StorageArea | null = sessionArea()): string | null {
  return readString(storage, JOURNEY_KEYS.journeyHeir);
}
