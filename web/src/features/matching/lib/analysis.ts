import type { Narrowed, Schemas } from '../../../shared/api/contract';
import { isStyleCode, STYLE_CODES, type StyleCode } from '../../../shared/lib/designStyles';

/**
 * A customer's style profile: the dominant style and five percentages summing to 100, as parseAnalysis
 * reads the API's AnalysisView (the codes narrowed to the five styles, every one present).
 */
export type StyleAnalysis = Narrowed<
  Schemas['AnalysisView'],
  'dominant_style' | 'style_percentages',
  { dominant_style: StyleCode; style_percentages: Record<StyleCode, number> }
>;

function rec(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** A style analysis as the server or storage holds it, or null when it is not one. */
export function parseAnalysis(raw: unknown): StyleAnalysis | null {
  const body = rec(raw);
  if (!isStyleCode(body.dominant_style)) return null;
  const pct = rec(body.style_percentages);
  const out = {} as Record<StyleCode, number>;
  for (const code of STYLE_CODES) {
    const value = Number(pct[code] ?? 0);
    out[code] = Number.isFinite(value) ? Math.max(0, Math.min(100, Math.round(value))) : 0;
  }
  return { dominant_style: body.dominant_style, style_percentages: out };
}
