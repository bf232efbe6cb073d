import { forwardRef } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { Alert } from '../../../shared/ui/Alert';
import type { FormError } from '../lib/form';
import styles from './ErrorSummary.module.css';

export interface ErrorSummaryProps {
  errors: readonly FormError[];
  /** Builds the element id of a field, to move focus there. */
  fieldId: (field: FormError['field']) => string;
}

/** The failed checks of a form as one alert, each message a link that moves focus to its field. */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary({ errors, fieldId }, ref) {
  if (errors.length === 0) return null;
  const focusField = (field: FormError['field']): void => {
    const element = document.getElementById(fieldId(field));
    if (!element) return;
    const target = element.matches('fieldset') ? (element.querySelector<HTMLElement>('input') ?? element) : element;
    target.focus();
    element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };
  return (
    <Alert ref={ref} tone="error" title={t('designers.register.summaryTitle')} focusable className={styles.summary}>
      <ul className={styles.list}>
        {errors.map((error) => (
          <li key={`${error.field}-${error.message}`}>
            <a
              href={`#${fieldId(error.field)}`}
              onClick={(event) => {
                event.preventDefault();
                focusField(error.field);
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </Alert>
  );
});
