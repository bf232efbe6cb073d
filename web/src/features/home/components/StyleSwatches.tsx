import { t, type PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/home';
import styles from './HomePage.module.css';

interface StyleCard {
  code: 'A' | 'B' | 'C' | 'D' | 'E';
  name: PlainKey;
  description: PlainKey;
  colours: readonly [string, string, string];
}

/** The five style codes of Interno with the palette each one evokes. */
const STYLES: readonly StyleCard[] = [
  { code: 'A', name: 'home.styleA', description: 'home.styleADesc', colours: ['#c2553a', '#e0a93b', '#3f6f7a'] },
  { code: 'B', name: 'home.styleB', description: 'home.styleBDesc', colours: ['#e9dfcf', '#b59a6d', '#44403c'] },
  { code: 'C', name: 'home.styleC', description: 'home.styleCDesc', colours: ['#f4f1ec', '#cfc8bd', '#2a2623'] },
  { code: 'D', name: 'home.styleD', description: 'home.styleDDesc', colours: ['#8c4b32', '#6e6e6b', '#2b2b2b'] },
  { code: 'E', name: 'home.styleE', description: 'home.styleEDesc', colours: ['#f1e6d2', '#c98f6b', '#6b8e9b'] },
];

export function StyleSwatches() {
  return (
    <ul className={styles.styles}>
      {STYLES.map((style) => (
        <li key={style.code} className={styles.style}>
          <div className={styles.swatch} aria-hidden="true">
            {style.colours.map((colour) => (
              <span key={colour} style={{ background: colour }} />
            ))}
            <span className={styles.code}>{style.code}</span>
          </div>
          <h3 className={styles.styleName}>{t(style.name)}</h3>
          <p className={styles.styleDescription}>{t(style.description)}</p>
        </li>
      ))}
    </ul>
  );
}
