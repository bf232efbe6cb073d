import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { t } from '../i18n/t';
import styles from './Field.module.css';

interface FieldText {
  label: string;
  hint?: string;
  /** The message for this field after a failed check; sets aria-invalid. */
  error?: string | null;
  /** Shows "(facoltativo)" next to the label. */
  optional?: boolean;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  return (
    <label className={styles.label} htmlFor={htmlFor}>
      {label}
      {optional ? <span className={styles.optional}> {t('form.optional')}</span> : null}
    </label>
  );
}

function Messages({ hintId, errorId, hint, error }: { hintId: string; errorId: string; hint?: string; error?: string | null }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </>
  );
}

export type TextFieldProps = FieldText & Omit<ComponentPropsWithoutRef<'input'>, 'id'> & { id?: string; trailing?: ReactNode };

/** A labelled text input with its hint and error, wired for assistive technology. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, optional, id, className, trailing, ...input },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <Label htmlFor={fieldId} label={label} optional={optional} />
      <div className={styles.control}>
        <input
          ref={ref}
          id={fieldId}
          className={`${styles.input} ${error ? styles.invalid : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : false, error ? errorId : false)}
          {...input}
        />
        {trailing}
      </div>
      <Messages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
});

export type TextAreaFieldProps = FieldText & Omit<ComponentPropsWithoutRef<'textarea'>, 'id'> & { id?: string };

/** A labelled multi-line input. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, optional, id, className, ...textarea },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <Label htmlFor={fieldId} label={label} optional={optional} />
      <textarea
        ref={ref}
        id={fieldId}
        className={`${styles.input} ${styles.textarea} ${error ? styles.invalid : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : false, error ? errorId : false)}
        {...textarea}
      />
      <Messages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
});

export interface ChoiceGroupProps extends FieldText {
  id?: string;
  children: ReactNode;
  className?: string;
  /** "chips" wrap small pills; "cards" stack larger options. */
  layout?: 'chips' | 'cards';
}

/** A fieldset of checkboxes or radios with a legend, hint and error. */
export function ChoiceGroup({ id, label, hint, error, optional, children, className, layout = 'chips' }: ChoiceGroupProps) {
  const generated = useId();
  const groupId = id ?? generated;
  const hintId = `${groupId}-hint`;
  const errorId = `${groupId}-error`;
  return (
    <fieldset
      id={groupId}
      className={`${styles.group} ${className ?? ''}`}
      aria-describedby={describedBy(hint ? hintId : false, error ? errorId : false)}
      aria-invalid={error ? true : undefined}
      tabIndex={-1}
    >
      <legend className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> {t('form.optional')}</span> : null}
      </legend>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={layout === 'chips' ? styles.chips : styles.cards}>{children}</div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export interface ChoiceProps extends Omit<ComponentPropsWithoutRef<'input'>, 'type'> {
  type: 'checkbox' | 'radio';
  label: string;
  /** A second line under the label (cards layout). */
  description?: string;
  /** A small picture or swatch before the label. */
  leading?: ReactNode;
}

/** One option of a ChoiceGroup: a real checkbox or radio, drawn as a pill or a card. */
export function Choice({ type, label, description, leading, className, ...input }: ChoiceProps) {
  return (
    <label className={`${description ? styles.card : styles.chip} ${className ?? ''}`}>
      <input type={type} className={styles.choiceInput} {...input} />
      {leading ? <span className={styles.leading}>{leading}</span> : null}
      <span className={styles.choiceText}>
        <span className={styles.choiceLabel}>{label}</span>
        {description ? <span className={styles.choiceDescription}>{description}</span> : null}
      </span>
    </label>
  );
}
