import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/account';

/** The five style codes in display order (customer spec, section 3). */
export const STYLE_CODES = ['A', 'B', 'C', 'D', 'E'] as const;
export type StyleCode = (typeof STYLE_CODES)[number];

export function isStyleCode(value: string): value is StyleCode {
  return (STYLE_CODES as readonly string[]).includes(value);
}

const LABELS: Record<StyleCode, () => string> = {
  A: () => t('account.style.A'),
  B: () => t('account.style.B'),
  C: () => t('account.style.C'),
  D: () => t('account.style.D'),
  E: () => t('account.style.E'),
};

const DESCRIPTIONS: Record<StyleCode, () => string> = {
  A: () => t('account.styleDescription.A'),
  B: () => t('account.styleDescription.B'),
  C: () => t('account.styleDescription.C'),
  D: () => t('account.styleDescription.D'),
  E: () => t('account.styleDescription.E'),
};

/** The customer-side label ("Minimal Contemporaneo"); an unknown code is shown as it is. */
export function styleLabel(code: string): string {
  return isStyleCode(code) ? LABELS[code]() : code;
}

/** The short description shown in "Il tuo Profilo Sensoriale". */
export function styleDescription(code: string): string {
  return isStyleCode(code) ? DESCRIPTIONS[code]() : '';
}

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
