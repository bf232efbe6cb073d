import { parseDesigner, type Designer } from '../../designers/lib/designer';
import { parseAnalysis, type StyleAnalysis } from './analysis';

/** Matched designers per page, as the spec says (customer spec, section 9). */
export const MATCH_PAGE_SIZE = 5;

/** A designer in a ranking: the public profile plus its match score and the styles behind it. */
export interface MatchedDesigner extends Designer {
  match_score: number;
  match_style_labels: string[];
}

/** A page of GET /api/designers/matches or the answer of POST /api/match-designers. */
export interface MatchPage {
  lead_id: number | null;
  /** Reads the lead's pages and attaches it at registration; only POST /api/match-designers sends it. */
  lead_token: string | null;
  style_analysis: StyleAnalysis | null;
  designers: MatchedDesigner[];
  has_more: boolean;
  total: number;
}

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
  const lead = Number(body.lead_id);
  const total = Number(body.total);
  return {
    lead_id: Number.isInteger(lead) && lead > 0 ? lead : null,
    lead_token: typeof body.lead_token === 'string' && body.lead_token !== '' ? body.lead_token : null,
    style_analysis: parseAnalysis(body.style_analysis),
    designers,
    has_more: body.has_more === true,
    total: Number.isFinite(total) && total >= 0 ? total : designers.length,
  };
}

/** The card's match line: "92% affine · Minimal, Naturale" (just "92% affine" without styles). */
export function matchLine(designer: Pick<MatchedDesigner, 'match_score' | 'match_style_labels'>): string {
  const head = `${designer.match_score}% affine`;
  return designer.match_style_labels.length > 0 ? `${head} · ${designer.match_style_labels.join(', ')}` : head;
}

/** The spec's matching failure alert: a connection failure, or anything else (section 8). */
export function matchingFailureKey(error: unknown): 'matching.networkError' | 'matching.loadError' {
  const kind = typeof error === 'object' && error !== null ? (error as { kind?: unknown }).kind : undefined;
  return kind === 'network' || kind === 'timeout' ? 'matching.networkError' : 'matching.loadError';
}
