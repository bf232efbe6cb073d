import { forwardRef, useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/auth';
import { TextField, type TextFieldProps } from '../../../shared/ui/Field';
import styles from './Auth.module.css';

/** A password input with a "Mostra/Nascondi" toggle (phones make typos easy to miss). */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'trailing'>>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      {...props}
      className={`${styles.passwordInput} ${props.className ?? ''}`}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('auth.passwordHide') : t('auth.passwordShow')}
        </button>
      }
    />
  );
});
