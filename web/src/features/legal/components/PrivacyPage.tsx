import type { ReactNode } from 'react';
import { t, type PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/privacy';
import { useThunkDispatch } from '../../../shared/lib/dispatch';
import { cookieSettingsOpened } from '../../../shared/shell/shellSlice';
import { Button } from '../../../shared/ui/Button';
import styles from './PrivacyPage.module.css';

interface SectionProps {
  id: string;
  title: PlainKey;
  children: ReactNode;
}

function Section({ id, title, children }: SectionProps) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t(title)}
      </h2>
      {children}
    </section>
  );
}

function List({ items }: { items: PlainKey[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item}>{t(item)}</li>
      ))}
    </ul>
  );
}

const SECTIONS = [
  { id: 'dati-raccolti', title: 'privacy.s1Title' },
  { id: 'uso', title: 'privacy.s2Title' },
  { id: 'cookie', title: 'privacy.s3Title' },
  { id: 'condivisione', title: 'privacy.s4Title' },
  { id: 'sicurezza', title: 'privacy.s5Title' },
  { id: 'diritti', title: 'privacy.s6Title' },
  { id: 'preferenze-cookie', title: 'privacy.s7Title' },
  { id: 'contatti', title: 'privacy.s8Title' },
] as const satisfies ReadonlyArray<{ id: string; title: PlainKey }>;

/** /privacy: the privacy policy in eight sections, with a button that opens the cookie settings. */
export function PrivacyPage() {
  const dispatch = useThunkDispatch();
  const [s1, s2, s3, s4, s5, s6, s7, s8] = SECTIONS;
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('privacy.title')}</h1>
        <p className={styles.updated}>{t('privacy.updated')}</p>
        <p className={styles.intro}>{t('privacy.intro')}</p>
      </header>
      <div className={styles.layout}>
        <nav className={styles.toc} aria-label={t('privacy.tocLabel')}>
          <p className={styles.tocTitle}>{t('privacy.tocLabel')}</p>
          <ol>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{t(section.title).replace(/^\d+\.\s*/, '')}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={styles.body}>
          <Section {...s1}>
            <p>{t('privacy.s1Intro')}</p>
            <List items={['privacy.s1Item1', 'privacy.s1Item2', 'privacy.s1Item3', 'privacy.s1Item4', 'privacy.s1Item5']} />
          </Section>
          <Section {...s2}>
            <p>{t('privacy.s2Intro')}</p>
            <List items={['privacy.s2Item1', 'privacy.s2Item2', 'privacy.s2Item3', 'privacy.s2Item4', 'privacy.s2Item5']} />
            <p>{t('privacy.s2Outro')}</p>
          </Section>
          <Section {...s3}>
            <p>{t('privacy.s3Intro')}</p>
            <dl className={styles.cookies}>
              <div>
                <dt>{t('privacy.s3EssentialTitle')}</dt>
                <dd>{t('privacy.s3EssentialBody')}</dd>
              </div>
              <div>
                <dt>{t('privacy.s3AnalyticsTitle')}</dt>
                <dd>{t('privacy.s3AnalyticsBody')}</dd>
              </div>
              <div>
                <dt>{t('privacy.s3MarketingTitle')}</dt>
                <dd>{t('privacy.s3MarketingBody')}</dd>
              </div>
            </dl>
            <p>{t('privacy.s3Outro')}</p>
          </Section>
          <Section {...s4}>
            <p>{t('privacy.s4Body1')}</p>
            <p>{t('privacy.s4Body2')}</p>
          </Section>
          <Section {...s5}>
            <p>{t('privacy.s5Body')}</p>
          </Section>
          <Section {...s6}>
            <p>{t('privacy.s6Intro')}</p>
            <List items={['privacy.s6Item1', 'privacy.s6Item2', 'privacy.s6Item3', 'privacy.s6Item4', 'privacy.s6Item5']} />
            <p>{t('privacy.s6Outro')}</p>
          </Section>
          <Section {...s7}>
            <p>{t('privacy.s7Body')}</p>
            <Button variant="secondary" onClick={() => dispatch(cookieSettingsOpened())} className={styles.cookieButton}>
              {t('privacy.s7Button')}
            </Button>
          </Section>
          <Section {...s8}>
            <p>
              {t('privacy.s8Body')} <a href={`mailto:${t('privacy.email')}`}>{t('privacy.email')}</a>.
            </p>
          </Section>
        </div>
      </div>
    </article>
  );
}
