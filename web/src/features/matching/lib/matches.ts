import type { Narrowed, Schemas } from '../../../shared/api/contract';
import '../../../shared/i18n/parts/matching';
import { parseLead, type Lead } from '../../../shared/lib/lead';
import { parseDesigner, type Designer } from '../../designers/lib/designer';
import { parseAnalysis, type StyleAnalysis } from './analysis';

/** Matched designers per page, as the spec says (customer spec, section 9). */
export const MATCH_PAGE_SIZE = 5;

/** A designer in a ranking: the public profile plus its match score and the styles behind it. */
export type MatchedDesigner = Designer & Pick<Schemas['MatchesView']['designers'][number], 'match_score' | 'match_style_labels'>;

/** A page of GET /api/designers/matches or the answer of POST /api/match-designers. */
export type MatchPage = Narrowed<
  Schemas['MatchesView'],
  'style_analysis' | 'designers' | 'has_more' | 'total',
  { style_analysis: StyleAnalysis | null; designers: MatchedDesigner[] }
> & {
  /** The questionnaire's lead (lead_id and lead_token of POST /api/match-designers); null in pages of a signed-in customer. */
  lead: Lead | null;
};

/** One matched designer, or null for entries that are not designers. */
export function parseMatchedDesigner(raw: unknown): MatchedDesigner | null {
  const designer = parseDesigner(raw);
  if (!designer) return null;
  const record = raw as Record<string, unknown>;
  const score = Number(record.match_score);
  const labels = Array.isArray(record.match_style_labels) ? record.match_style_labels.filter((l): l is string => typeof l === 'string') : [];
  return { ...designer, match_score: Number.isFinite(score) ? Math.max(0, Math.min(100, Math.round(score))) : 0, match_style_labels: labels.slice(0, 2) };
}

export function parseMatchPage(raw: unknown): MatchPage {
  const body = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const designers = (Array.isArray(body.designers) ? body.designers : []).map(parseMatchedDesigner).filter((d): d is MatchedDesigner => d !== null);
  const total = Number(body.total);
  return {
    lead: parseLead(body),
    style_analysis: parseAnalysis(body.style_analysis),
    designers,
    has_more: body.has_more === true,
    total: Number.isFinite(total) && total >= 0 ? total : designers.length,
  };
}

/** The score as the card shows it: "92% affine". */
export function matchScoreText(designer: Pick<MatchedDesigner, 'match_score'>): string {
  return `${designer.match_score}% affine`;
}

/** The card's match line: "92% affine · Minimal, Naturale" (just "92% affine" without styles). */
export function matchLine(designer: Pick<MatchedDesigner, 'match_score' | 'match_style_labels'>): string {
  const head = matchScoreText(designer);
  return designer.match_style_labels.length > 0 ? `${head} · ${designer.match_style_labels.join(', ')}` : head;
}

/** The spec's matching failure alert: a connection failure, or anything else (section 8). */
export function matchingFailureKey(error: unknown): 'matching.networkError' | 'matching.loadError' {
  const kind = typeof error === 'object' && error !== null ? (error as { kind?: unknown }).kind : undefined;
  return kind === 'network' || kind === 'timeout' ? 'matching.networkError' : 'matching.loadError';
}
