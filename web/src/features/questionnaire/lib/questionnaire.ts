import type { Narrowed, Schemas } from '../../../shared/api/contract';
import { isStyleCode, STYLE_CODES, type StyleCode } from '../../../shared/lib/designStyles';
import type { StyleAnalysis } from '../../matching/lib/analysis';

export { parseAnalysis, type StyleAnalysis } from '../../matching/lib/analysis';

/** One answer of a question: its text, the style it expresses (one of the five) and its picture. */
export type QuizOption = Narrowed<Schemas['Option'], 'id' | 'text' | 'style' | 'image', { style: StyleCode }>;

export type QuizQuestion = Narrowed<Schemas['Question'], 'id' | 'text' | 'hint' | 'options', { options: QuizOption[] }>;

export type StyleInfo = Narrowed<Schemas['StyleView'], 'code' | 'label' | 'short' | 'description' | 'image', { code: StyleCode }>;

/** GET /api/questionnaire, checked (the web does not use labels, length or page_size). */
export type Questionnaire = Narrowed<
  Schemas['QuestionnaireView'],
  'version' | 'questions' | 'styles',
  { questions: QuizQuestion[]; styles: StyleInfo[] }
>;

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function rec(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** Reads the questionnaire answer; throws when it is not one (the caller shows the load error). */
export function parseQuestionnaire(raw: unknown): Questionnaire {
  const body = rec(raw);
  const questions: QuizQuestion[] = [];
  for (const q of Array.isArray(body.questions) ? body.questions : []) {
    const qr = rec(q);
    const options: QuizOption[] = [];
    for (const o of Array.isArray(qr.options) ? qr.options : []) {
      const or = rec(o);
      if (isStyleCode(or.style) && str(or.text) !== '') options.push({ id: str(or.id), text: str(or.text), style: or.style, image: str(or.image) });
    }
    if (options.length > 0) questions.push({ id: Number(qr.id) || questions.length + 1, text: str(qr.text), hint: str(qr.hint), options });
  }
  if (questions.length === 0) throw new Error('The questionnaire has no questions');
  const styles: StyleInfo[] = [];
  for (const s of Array.isArray(body.styles) ? body.styles : []) {
    const sr = rec(s);
    if (isStyleCode(sr.code)) {
      styles.push({ code: sr.code, label: str(sr.label), short: str(sr.short), description: str(sr.description), image: str(sr.image) });
    }
  }
  return { version: str(body.version), questions, styles };
}


/**
 * The style analysis of chosen options, computed on the device exactly as the server does
 * (core/matching.Score), so a quiz finished offline shows its result at once:
 * one vote per answer; shares rounded by the largest-remainder method so they sum to 100; ties
 * (dominant style and remainders) broken by more votes, then the style chosen earliest, then A–E.
 */
export function scoreOptions(chosen: readonly { style: StyleCode }[]): StyleAnalysis {
  const votes = Object.fromEntries(STYLE_CODES.map((c) => [c, 0])) as Record<StyleCode, number>;
  const first = {} as Partial<Record<StyleCode, number>>;
  chosen.forEach((option, index) => {
    votes[option.style] += 1;
    if (first[option.style] === undefined) first[option.style] = index;
  });
  const rank = [...STYLE_CODES].sort((a, b) => {
    if (votes[a] !== votes[b]) return votes[b] - votes[a];
    const fa = first[a];
    const fb = first[b];
    if ((fa === undefined) !== (fb === undefined)) return fa === undefined ? 1 : -1;
    if (fa !== undefined && fb !== undefined && fa !== fb) return fa - fb;
    return a < b ? -1 : 1;
  });
  const dominant = rank[0] ?? 'A';
  const total = chosen.length;
  const pct = Object.fromEntries(STYLE_CODES.map((c) => [c, 0])) as Record<StyleCode, number>;
  if (total === 0) {
    pct[dominant] = 100;
    return { dominant_style: dominant, style_percentages: pct };
  }
  const rem = {} as Record<StyleCode, number>;
  let given = 0;
  for (const code of STYLE_CODES) {
    pct[code] = Math.floor((votes[code] * 100) / total);
    rem[code] = (votes[code] * 100) % total;
    given += pct[code];
  }
  const byRemainder = [...STYLE_CODES].sort((a, b) => (rem[a] !== rem[b] ? rem[b] - rem[a] : rank.indexOf(a) - rank.indexOf(b)));
  for (let i = 0; given < 100; i += 1, given += 1) {
    const code = byRemainder[i % byRemainder.length] ?? dominant;
    pct[code] += 1;
  }
  return { dominant_style: dominant, style_percentages: pct };
}

/** The options chosen, by text per question; null while any question is unanswered. */
export function chosenOptions(questionnaire: Questionnaire, answers: readonly (string | null)[]): QuizOption[] | null {
  const out: QuizOption[] = [];
  for (const [index, question] of questionnaire.questions.entries()) {
    const option = question.options.find((o) => o.text === answers[index]);
    if (!option) return null;
    out.push(option);
  }
  return out;
}

/** Styles ordered by share, largest first, dominant first among equals. */
export function orderedShares(analysis: StyleAnalysis): { code: StyleCode; percent: number }[] {
  return [...STYLE_CODES]
    .map((code) => ({ code, percent: analysis.style_percentages[code] }))
    .sort((a, b) => (a.code === analysis.dominant_style ? -1 : b.code === analysis.dominant_style ? 1 : b.percent - a.percent));
}
