import { STYLE_CODES, styleLabel, type StyleCode } from '../../../shared/lib/designStyles';

export interface StyleBar {
  code: StyleCode;
  label: string;
  /** Whole percent, 0–100. */
  percent: number;
}

/**
 * The five bars of the sensory profile, A to E, as whole percentages. Missing codes count as 0;
 * values are clamped to 0–100 and rounded so the bars never overflow.
 */
export function styleBars(percentages: Record<string, number>): StyleBar[] {
  return STYLE_CODES.map((code) => {
    const raw = percentages[code];
    const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : 0;
    return { code, label: styleLabel(code), percent: Math.round(Math.min(100, Math.max(0, value))) };
  });
}
