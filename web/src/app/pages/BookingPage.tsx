import { useParams } from 'react-router';
import { useBookingDesignerQuery } from '../../features/appointments/api/appointmentsApi';
import { BookButton } from '../../features/appointments/components/BookButton';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/booking';
import { Avatar } from '../../shared/ui/Avatar';
import { ButtonLink } from '../../shared/ui/Button';
import { PageLoader } from '../../shared/ui/PageLoader';
import styles from './AppointmentsPage.module.css';
import statusStyles from './StatusPage.module.css';

/**
 * /appuntamenti/prenota/:designerId: a booking link (the "choose another time" button of a declined
 * request, or a designer sharing their calendar) that opens the booking modal for that designer.
 */
export function BookingPage() {
  const params = useParams();
  const id = Number(params.designerId);
  const valid = Number.isInteger(id) && id > 0;
  const designer = useBookingDesignerQuery(id, { skip: !valid });

  if (valid && designer.isLoading) return <PageLoader />;
  if (!valid || designer.isError || !designer.data) {
    return (
      <section className={statusStyles.page} aria-labelledby="booking-missing">
        <h1 id="booking-missing" className={statusStyles.title}>
          {t('booking.page.notFound')}
        </h1>
        <p className={statusStyles.body}>{t('booking.page.notFoundBody')}</p>
        <div className={statusStyles.actions}>
          <ButtonLink to="/" size="lg">
            {t('booking.page.home')}
          </ButtonLink>
        </div>
      </section>
    );
  }
  const d = designer.data;
  return (
    <div className={styles.page}>
      <div className={styles.booking}>
        <div>
          <header className={styles.header}>
            <p className={styles.eyebrow}>{t('booking.page.eyebrow')}</p>
            <h1 className={styles.title}>{t('booking.page.heading', { name: d.name })}</h1>
            <p className={styles.lead}>{t('booking.page.lead')}</p>
          </header>
          <ol className={styles.steps}>
            <li>{t('booking.page.step1')}</li>
            <li>{t('booking.page.step2')}</li>
            <li>{t('booking.page.step3')}</li>
          </ol>
        </div>
        <aside className={styles.designer} aria-label={d.name}>
          <Avatar name={d.name} picture={d.profile_picture} size="xl" priority className={styles.portrait} />
          <div>
            <p className={styles.designerName}>{d.name}</p>
            <p className={styles.meta}>{[d.design_style_label, d.city].filter(Boolean).join(' · ')}</p>
          </div>
          <BookButton designerId={d.id} designerName={d.name} size="lg" autoOpen />
        </aside>
      </div>
    </div>
  );
}
