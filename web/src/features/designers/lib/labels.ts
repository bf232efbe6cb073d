import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import '../../../shared/i18n/parts/home';
import type { StyleCode, WorkMode } from './designer';

/** The designer-side style name ("Minimal e contemporaneo"), as registration and the dashboard show it. */
export function designerStyleLabel(code: StyleCode): string {
  return t(`designers.style.${code}`);
}

/** The short description of a style, shared with the home page. */
export function styleDescription(code: StyleCode): string {
  return t(`home.style${code}Desc`);
}

/** The customer-side style name the API sends, else the designer-side one. */
export function publicStyleLabel(designer: { design_style: StyleCode | ''; design_style_label: string }): string {
  if (designer.design_style_label !== '') return designer.design_style_label;
  return designer.design_style === '' ? '' : designerStyleLabel(designer.design_style);
}

/** Online, Di persona, Ibrido. */
export function workModeLabel(mode: WorkMode): string {
  return t(`designers.mode.${mode}`);
}

/** "Online · Ibrido" */
export function workModesText(modes: readonly WorkMode[]): string {
  return modes.map(workModeLabel).join(' · ');
}
