import '../../../shared/i18n/parts/home';
import { styleLabel, styleSummary, type StyleCode } from '../../../shared/lib/designStyles';
import styles from './HomePage.module.css';

/** The palette each of the five styles evokes, in the order of the style codes. */
const PALETTES: readonly { code: StyleCode; colours: readonly [string, string, string] }[] = [
  { code: 'A', colours: ['#c2553a', '#e0a93b', '#3f6f7a'] },
  { code: 'B', colours: ['#e9dfcf', '#b59a6d', '#44403c'] },
  { code: 'C', colours: ['#f4f1ec', '#cfc8bd', '#2a2623'] },
  { code: 'D', colours: ['#8c4b32', '#6e6e6b', '#2b2b2b'] },
  { code: 'E', colours: ['#f1e6d2', '#c98f6b', '#6b8e9b'] },
];

export function StyleSwatches() {
  return (
    <ul className={styles.styles}>
      {PALETTES.map((style) => (
        <li key={style.code} className={styles.style}>
          <div className={styles.swatch} aria-hidden="true">
            {style.colours.map((colour) => (
              <span key={colour} style={{ background: colour }} />
            ))}
            <span className={styles.code}>{style.code}</span>
          </div>
          <h3 className={styles.styleName}>{styleLabel(style.code)}</h3>
          <p className={styles.styleDescription}>{styleSummary(style.code)}</p>
        </li>
      ))}
    </ul>
  );
}
