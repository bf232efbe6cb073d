import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { t, type PlainKey } from '../../../shared/i18n/t';
import { whenBackgroundAllowed, whenIdle } from '../../../shared/offline/lazy';
import '../../../shared/i18n/parts/home';
import { loadHomeJourney } from '../../questionnaire/loadHomeJourney';
import { queryIntent } from '../../questionnaire/lib/homeFlow';
import { ButtonLink } from '../../../shared/ui/Button';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { HeroIllustration } from './HeroIllustration';
import { StyleSwatches } from './StyleSwatches';
import styles from './HomePage.module.css';

// The questionnaire journey is not on the first screen: `/` paints without its code. It loads when it
// opens, and in any case once the page has loaded, when the browser is idle (with the offline layer,
// main.tsx), so a first visit that goes offline afterwards can still take the quiz.
const HomeJourney = lazy(() => loadHomeJourney().then((m) => ({ default: m.HomeJourney })));

const STEPS: ReadonlyArray<{ title: PlainKey; body: PlainKey; icon: string }> = [
  { title: 'home.step1Title', body: 'home.step1Body', icon: 'M4 6h16M4 12h10M4 18h7M17 15l2 2 3-4' },
  { title: 'home.step2Title', body: 'home.step2Body', icon: 'M12 3a9 9 0 1 0 9 9h-9zM14 3.3A9 9 0 0 1 20.7 10H14z' },
  { title: 'home.step3Title', body: 'home.step3Body', icon: 'M3 7h12v10H3zM15 10l6-3v10l-6-3' },
];

function ArrowIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M5 12h14m-5-5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The home page. Its first state (the two actions of the spec, how it works, the five styles, the
 * designer invitation) gives way to the questionnaire journey with ?openQuestionnaire=true;
 * ?reset=true or an empty query brings the first state back.
 */
export function HomePage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [journey, setJourney] = useState(queryIntent(search) === 'open');
  const [seen, setSeen] = useState(search);
  if (search !== seen) {
    setSeen(search);
    const intent = queryIntent(search);
    if (intent === 'open') setJourney(true);
    else if (intent === 'reset') setJourney(false);
  }
  useEffect(() => {
    void whenBackgroundAllowed().then(() => whenIdle(() => void loadHomeJourney().catch(() => undefined)));
  }, []);
  const exit = useCallback(() => {
    setJourney(false);
    navigate('/', { replace: true });
  }, [navigate]);
  if (journey) {
    return (
      <Suspense fallback={<PageLoader />}>
        <HomeJourney onExit={exit} />
      </Suspense>
    );
  }
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{t('home.eyebrow')}</p>
          <h1 id="home-title" className={styles.title}>
            {t('home.title')}
          </h1>
          <p className={styles.lead}>{t('home.lead')}</p>
          <div className={styles.actions}>
            <ButtonLink to="/?openQuestionnaire=true" size="lg" icon={<ArrowIcon />} className={styles.primaryAction}>
              {t('home.startTest')}
            </ButtonLink>
            <ButtonLink to="/designer-registration" size="lg" variant="secondary">
              {t('home.registerDesigner')}
            </ButtonLink>
          </div>
          <p className={styles.note}>{t('home.testNote')}</p>
        </div>
        <div className={styles.heroArt}>
          <HeroIllustration className={styles.illustration} />
        </div>
      </section>

      <section className={styles.how} aria-labelledby="how-title">
        <div className={styles.sectionHead}>
          <h2 id="how-title" className={styles.sectionTitle}>
            {t('home.howTitle')}
          </h2>
          <p className={styles.sectionLead}>{t('home.howLead')}</p>
        </div>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <div className={styles.stepTop}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <svg className={styles.stepIcon} viewBox="0 0 24 24" aria-hidden="true">
                  <path d={step.icon} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </div>
              <h3 className={styles.stepTitle}>{t(step.title)}</h3>
              <p className={styles.stepBody}>{t(step.body)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.stylesSection} aria-labelledby="styles-title">
        <div className={styles.sectionHead}>
          <h2 id="styles-title" className={styles.sectionTitle}>
            {t('home.stylesTitle')}
          </h2>
          <p className={styles.sectionLead}>{t('home.stylesLead')}</p>
        </div>
        <StyleSwatches />
      </section>

      <section className={styles.designer} aria-labelledby="designer-title">
        <div className={styles.designerInner}>
          <div>
            <h2 id="designer-title" className={styles.designerTitle}>
              {t('home.designerTitle')}
            </h2>
            <p className={styles.designerBody}>{t('home.designerBody')}</p>
          </div>
          <ButtonLink to="/designer-registration" variant="inverse" size="lg" icon={<ArrowIcon />}>
            {t('home.designerCta')}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
