import { useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/engagement';
import { currentLead } from '../../../shared/lib/journey';
import { leadFields } from '../../../shared/lib/lead';
import { selectUser, type WithSession } from '../../../shared/session/sessionSlice';
import { Alert } from '../../../shared/ui/Alert';
import { Button, type ButtonVariant } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/Field';
import { Modal } from '../../../shared/ui/Modal';
import { showToast } from '../../../shared/ui/Toast';
import { useRunCommand } from '../../../shared/offline/command';
import type { SendResultsAnswer, StyleAnalysisInput } from '../api/engagementApi';
import { sendResults } from '../commands';

export interface SendResultsButtonProps {
  /** The questionnaire result: dominant_style and the five style_percentages. */
  styleAnalysis: StyleAnalysisInput;
  /** The matched designers, best first; the e-mail lists the first five. */
  designerIds: readonly number[];
  variant?: ButtonVariant;
  block?: boolean;
  className?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address check of the form; null when it is fine. */
export function emailProblem(value: string): string | null {
  if (value.trim() === '') return t('engagement.results.emailRequired');
  if (!EMAIL_PATTERN.test(value.trim())) return t('engagement.results.emailInvalid');
  return null;
}

/**
 * "Invia i risultati via email", for the registration prompt and the customer profile: the style
 * result and the matched designers by e-mail. Signed-in customers get it at their own address;
 * visitors type one. The server throttles it per address.
 */
export function SendResultsButton({ styleAnalysis, designerIds, variant = 'secondary', block, className }: SendResultsButtonProps) {
  const user = useSelector((state: WithSession) => selectUser(state));
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { run: send, busy } = useRunCommand(sendResults);

  const close = (): void => {
    setOpen(false);
    setFailure(null);
    setFieldError(null);
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!user) {
      const problem = emailProblem(email);
      setFieldError(problem);
      if (problem) return;
    }
    // A visitor's e-mail links carry the questionnaire, so registering from the e-mail keeps it.
    const lead = user ? null : currentLead();
    const result = await send({
      email: user ? undefined : email.trim(),
      style_analysis: styleAnalysis,
      designer_ids: [...designerIds],
      ...(lead ? leadFields(lead) : {}),
    });
    if (result.status === 'refused') {
      setFailure(result.error.reason === 'offline' ? t('engagement.results.offline') : result.error.message);
      return;
    }
    const answer = result.status === 'sent' ? (result.response as SendResultsAnswer) : null;
    showToast(t('engagement.results.sent', { email: answer?.email ?? user?.email ?? email.trim() }), { tone: 'success' });
    close();
  };

  return (
    <>
      <Button variant={variant} block={block} className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('engagement.results.button')}
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={t('engagement.results.title')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t('engagement.results.cancel')}
            </Button>
            <Button type="submit" form="send-results-form" disabled={busy} aria-busy={busy}>
              {busy ? t('engagement.results.sending') : t('engagement.results.send')}
            </Button>
          </>
        }
      >
        <form id="send-results-form" noValidate onSubmit={(event) => void submit(event)}>
          <p>{t('engagement.results.intro')}</p>
          {user ? (
            <p>{t('engagement.results.toAccount', { email: user.email })}</p>
          ) : (
            <TextField
              label={t('engagement.results.email')}
              type="email"
              autoComplete="email"
              value={email}
              error={fieldError ?? undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
          {failure ? <Alert tone="error">{failure}</Alert> : null}
        </form>
      </Modal>
    </>
  );
}
