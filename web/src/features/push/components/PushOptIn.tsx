import { useId } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/push';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Panel } from '../../../shared/ui/Panel';
import { Switch } from '../../../shared/ui/Switch';
import { usePushOptIn, type PushNotice } from '../hooks/usePushOptIn';
import styles from './PushOptIn.module.css';

const NOTICE_KEYS = {
  dismissed: 'push.dismissed',
  failed: 'push.failed',
  rejected: 'push.rejected',
  checkFailed: 'push.checkFailed',
  offline: 'push.offline',
  saveFailed: 'push.saveFailed',
} as const;

function Notice({ notice }: { notice: PushNotice }) {
  if (notice === null) return null;
  return (
    <Alert tone={notice === 'dismissed' ? 'info' : 'warning'} className={styles.notice}>
      {t(NOTICE_KEYS[notice])}
    </Alert>
  );
}

export interface PushOptInProps {
  /** Whose screen: the texts of the appointment switch differ. */
  side: 'designer' | 'customer';
}

/**
 * "Notifiche": the Web Push opt-in of the designer dashboard and the customer profile. The browser
 * is asked only when "Ricevi notifiche" is pressed; the state says honestly what this device does
 * (not supported, blocked in the browser, iOS outside the installed app, active, off); when active,
 * a button turns it off on this device and three switches choose what the account receives.
 */
export function PushOptIn({ side }: PushOptInProps) {
  const push = usePushOptIn();
  const statusId = useId();
  const kindsId = useId();
  const kindsLeadId = useId();
  const { status, busy, notice, preferences } = push;
  return (
    <Panel title={t('push.title')} data-push-status={status ?? 'loading'}>
      <p className={styles.lead}>{side === 'designer' ? t('push.leadDesigner') : t('push.leadCustomer')}</p>

      {status === null ? (
        <p className={styles.muted} role="status">
          {t('push.loading')}
        </p>
      ) : null}

      {status === 'needs-install' ? (
        <Alert tone="info" title={t('push.iosTitle')}>
          <p>{t('push.ios')}</p>
          <ol className={styles.steps}>
            <li>{t('pwa.iosStep1')}</li>
            <li>{t('pwa.iosStep2')}</li>
            <li>{t('pwa.iosStep3')}</li>
          </ol>
        </Alert>
      ) : null}

      {status === 'unsupported' ? <Alert tone="info">{t('push.unsupported')}</Alert> : null}

      {status === 'blocked' ? (
        <Alert tone="warning" title={t('push.blockedTitle')}>
          {t('push.blocked')}
        </Alert>
      ) : null}

      {status === 'off' ? (
        <div className={styles.action}>
          <p id={statusId} className={styles.muted}>
            {t('push.off')} {t('push.enableHint')}
          </p>
          <Button variant="primary" onClick={() => void push.turnOn()} disabled={busy} aria-busy={busy} aria-describedby={statusId}>
            {busy ? t('push.enabling') : t('push.enable')}
          </Button>
        </div>
      ) : null}

      {status === 'active' ? (
        <div className={styles.action}>
          <p id={statusId} className={styles.active} role="status">
            <span className={styles.dot} aria-hidden="true" />
            {t('push.active')}
          </p>
          <Button variant="secondary" onClick={() => void push.turnOff()} disabled={busy} aria-busy={busy}>
            {busy ? t('push.disabling') : t('push.disable')}
          </Button>
        </div>
      ) : null}

      <Notice notice={notice} />

      {status === 'active' && preferences ? (
        <div className={styles.kinds} role="group" aria-labelledby={kindsId} aria-describedby={kindsLeadId}>
          <h3 id={kindsId} className={styles.kindsTitle}>
            {t('push.kindsTitle')}
          </h3>
          <p id={kindsLeadId} className={styles.muted}>
            {t('push.kindsLead')}
          </p>
          <div className={styles.switches}>
            <Switch
              label={t('push.kind.messages')}
              description={t('push.kind.messagesHint')}
              checked={preferences.messages}
              onChange={(on) => void push.setPreference('messages', on)}
            />
            <Switch
              label={side === 'designer' ? t('push.kind.appointmentsDesigner') : t('push.kind.appointmentsCustomer')}
              description={side === 'designer' ? t('push.kind.appointmentsDesignerHint') : t('push.kind.appointmentsCustomerHint')}
              checked={preferences.appointments}
              onChange={(on) => void push.setPreference('appointments', on)}
            />
            <Switch
              label={t('push.kind.reminders')}
              description={t('push.kind.remindersHint')}
              checked={preferences.reminders}
              onChange={(on) => void push.setPreference('reminders', on)}
            />
          </div>
        </div>
      ) : null}
    </Panel>
  );
}
