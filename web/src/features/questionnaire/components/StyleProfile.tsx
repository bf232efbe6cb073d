import { useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/quiz';
import { ResponsiveImage } from '../../../shared/ui/ResponsiveImage';
import { orderedShares, type StyleAnalysis, type StyleInfo } from '../lib/questionnaire';
import styles from './StyleProfile.module.css';

export interface StyleProfileProps {
  analysis: StyleAnalysis;
  /** The styles as the questionnaire describes them (labels, descriptions, pictures). */
  styles: readonly StyleInfo[];
  headingLevel?: 1 | 2;
}

/** The style result: the dominant style with its picture and description, and the five shares as bars. */
export function StyleProfile({ analysis, styles: info, headingLevel = 1 }: StyleProfileProps) {
  const [broken, setBroken] = useState(false);
  const byCode = new Map(info.map((s) => [s.code, s]));
  const dominant = byCode.get(analysis.dominant_style);
  const label = dominant?.label ?? analysis.dominant_style;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.profile} aria-labelledby="style-result-title">
      <div className={styles.picture}>
        {dominant?.image && !broken ? (
          <ResponsiveImage path={dominant.image} alt={label} width={560} height={420} sizes="(min-width: 900px) 560px, 100vw" minWidth={320} priority onError={() => setBroken(true)} />
        ) : (
          <span className={styles.noImage}>{t('quiz.imageUnavailable')}</span>
        )}
      </div>
      <div className={styles.text}>
        <p className={styles.eyebrow}>{t('quiz.resultEyebrow')}</p>
        {/* Focusable from script: the result's heading takes the focus when the questionnaire is complete. */}
        <Heading id="style-result-title" className={styles.title} tabIndex={-1}>
          {t('quiz.resultTitle', { style: label })}
        </Heading>
        {dominant?.description ? <p className={styles.description}>{dominant.description}</p> : null}
        <h3 className={styles.sharesTitle}>{t('quiz.sharesTitle')}</h3>
        <ul className={styles.shares}>
          {orderedShares(analysis).map(({ code, percent }) => {
            const name = byCode.get(code)?.label ?? code;
            return (
              <li key={code} className={`${styles.share} ${code === analysis.dominant_style ? styles.dominant : ''}`}>
                <span className={styles.shareLabel}>{name}</span>
                <span className={styles.bar} aria-hidden="true">
                  <span className={styles.fill} data-style={code} style={{ width: `${percent}%` }} />
                </span>
                <span className={styles.percent} aria-label={t('quiz.share', { style: name, percent })}>
                  {percent}%
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
