import '../i18n/parts/styles';
import { t } from '../i18n/t';

/**
 * The five design styles of Interno, in display order: A Eclettico Creativo, B Elegante Classico,
 * C Minimal Contemporaneo, D Industriale Urbano, E Naturale Mediterraneo (customer spec, "Style
 * codes"; designer spec, "Design style codes"). Every screen takes codes, names and descriptions from
 * here.
 */
export const STYLE_CODES = ['A', 'B', 'C', 'D', 'E'] as const;
export type StyleCode = (typeof STYLE_CODES)[number];

export function isStyleCode(value: unknown): value is StyleCode {
  return typeof value === 'string' && (STYLE_CODES as readonly string[]).includes(value);
}

/** The customer-side name ("Minimal Contemporaneo"); an unknown code is shown as it is. */
export function styleLabel(code: string): string {
  return isStyleCode(code) ? t(`styles.name.${code}`) : code;
}

/** The designer-side name ("Minimal e contemporaneo"): registration, dashboard and admin. */
export function designerStyleLabel(code: StyleCode): string {
  return t(`styles.designerName.${code}`);
}

/** The one-line description: the home page's swatches and the registration's style choices. */
export function styleSummary(code: StyleCode): string {
  return t(`styles.summary.${code}`);
}

/** The longer description of "Il tuo Profilo Sensoriale"; empty for an unknown code. */
export function styleDescription(code: string): string {
  return isStyleCode(code) ? t(`styles.description.${code}`) : '';
}
