import type { ReactNode } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { displayUrl, externalUrl, socialLink } from '../../../shared/lib/links';
import { websiteOf, type Designer } from '../lib/designer';
import styles from './DesignerLinks.module.css';

type LinkFields = Pick<
  Designer,
  'website' | 'social_website' | 'portfolio' | 'social_instagram' | 'social_facebook' | 'social_youtube' | 'social_tiktok'
>;

interface Row {
  key: string;
  platform: string;
  href: string;
  label: string;
  icon: ReactNode;
}

const icon = (path: ReactNode) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
    {path}
  </svg>
);

const ICONS = {
  website: icon(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </>,
  ),
  portfolio: icon(
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M8.5 7V5.5A1.5 1.5 0 0 1 10 4h4a1.5 1.5 0 0 1 1.5 1.5V7M3 12.5h18" />
    </>,
  ),
  instagram: icon(
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
    </>,
  ),
  facebook: icon(<path d="M14.5 8.5H16V5h-2a4 4 0 0 0-4 4v2H8v3.5h2V21h3.5v-6.5H16l.5-3.5h-3V9.5a1 1 0 0 1 1-1z" />),
  youtube: icon(
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="M10.5 9.5l4 2.5-4 2.5z" fill="currentColor" />
    </>,
  ),
  tiktok: icon(<path d="M14 4v10.5a3.5 3.5 0 1 1-3.5-3.5M14 4c.5 2.6 2.3 4.2 5 4.5" />),
} as const;

/** The links a designer gave, made safe (https:// added, handles turned into profile addresses). */
export function designerLinkRows(designer: LinkFields): Row[] {
  const rows: Row[] = [];
  const website = externalUrl(websiteOf(designer));
  if (website) rows.push({ key: 'website', platform: t('designers.links.website'), href: website, label: displayUrl(website), icon: ICONS.website });
  const portfolio = externalUrl(designer.portfolio);
  if (portfolio) {
    rows.push({ key: 'portfolio', platform: t('designers.links.portfolio'), href: portfolio, label: displayUrl(portfolio), icon: ICONS.portfolio });
  }
  const socials = [
    ['instagram', designer.social_instagram, t('designers.links.instagram')],
    ['facebook', designer.social_facebook, t('designers.links.facebook')],
    ['youtube', designer.social_youtube, t('designers.links.youtube')],
    ['tiktok', designer.social_tiktok, t('designers.links.tiktok')],
  ] as const;
  for (const [platform, value, name] of socials) {
    const link = socialLink(platform, value);
    if (link) rows.push({ key: platform, platform: name, href: link.href, label: link.label, icon: ICONS[platform] });
  }
  return rows;
}

export interface DesignerLinksProps {
  designer: LinkFields;
  /** Shown when there is no link; nothing is rendered when absent. */
  emptyText?: string;
}

/** Website, portfolio and social profiles, each opening in a new tab. */
export function DesignerLinks({ designer, emptyText }: DesignerLinksProps) {
  const rows = designerLinkRows(designer);
  if (rows.length === 0) return emptyText ? <p className={styles.empty}>{emptyText}</p> : null;
  return (
    <ul className={styles.list}>
      {rows.map((row) => (
        <li key={row.key}>
          <a className={styles.link} href={row.href} target="_blank" rel="noopener noreferrer">
            <span className={styles.icon}>{row.icon}</span>
            <span className={styles.text}>
              <span className={styles.platform}>{row.platform}</span>
              <span className={styles.label}>{row.label}</span>
            </span>
            <span className="visually-hidden">{t('designers.links.opensNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
