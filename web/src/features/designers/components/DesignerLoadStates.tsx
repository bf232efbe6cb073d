import type { AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { StatusPanel } from './StatusPanel';

/** 'Designer Non Trovato', with the way home (/home leads to /). */
export function DesignerNotFound({ detail }: { detail?: string | null }) {
  return (
    <StatusPanel
      title={t('designers.notFound.title')}
      actions={
        <ButtonLink to="/home" variant="primary" size="lg">
          {t('designers.notFound.home')}
        </ButtonLink>
      }
    >
      <p>{t('designers.notFound.body')}</p>
      {detail ? <p>{detail}</p> : null}
    </StatusPanel>
  );
}

/** A designer page that could not load (offline without a saved copy, server error). */
export function DesignerLoadFailed({ message, retry }: { message: string; retry: () => void; error?: AppError }) {
  return (
    <StatusPanel
      title={t('designers.loadError.title')}
      art="plan"
      alert
      actions={
        <Button variant="primary" size="lg" onClick={retry}>
          {t('designers.retry')}
        </Button>
      }
    >
      <p>{message}</p>
    </StatusPanel>
  );
}

export function DesignerLoading() {
  return <PageLoader />;
}
