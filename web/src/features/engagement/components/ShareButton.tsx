import { useEffect, useRef, useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/engagement';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { SHARE_PLATFORMS, type SharePlatform } from '../api/engagementApi';
import { useCommand } from '../../../shared/offline/command';
import { recordShare } from '../commands';
import { platformShareHref, shareText, shareUrl, type ShareableDesigner } from '../lib/share';
import styles from './Engagement.module.css';
import { LinkIcon, ShareIcon } from './HeartIcon';

export interface ShareButtonProps {
  designer: ShareableDesigner;
  /** "Condividi" by default; the portfolio page says "Condividi Designer". */
  label?: string;
  /** Icon only (cards). */
  compact?: boolean;
  className?: string;
}

/** How long "Link copiato!" stays (customer spec: two seconds). */
export const COPIED_MS = 2000;

const PLATFORM_MARK: Record<(typeof SHARE_PLATFORMS)[number], string> = {
  facebook: 'f',
  twitter: 'X',
  whatsapp: 'W',
  instagram: 'IG',
  linkedin: 'in',
  telegram: 'T',
  email: '@',
  copy: '',
};


async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * "Condividi": opens the share modal with every platform (each opens its share screen with the
 * designer's link and a text from the style label and years of experience), a copy-link button
 * with its two-second confirmation, and the device's own share sheet where there is one. Every
 * share is recorded, anonymous ones too.
 */
export function ShareButton({ designer, label, compact = false, className }: ShareButtonProps) {
  const share = useCommand(recordShare);
  // Tracking failures are ignored (customer spec, section 8); offline it waits in the outbox.
  const record = (designerId: number, platform: SharePlatform): void => {
    share({ designerId, platform }).catch((error: unknown) => console.warn('Could not record the share', error));
  };
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const timer = useRef<number | null>(null);
  useEffect(() => () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
  }, []);

  const origin = window.location.origin;
  const text = shareText(designer);
  const canNative = typeof navigator.share === 'function';

  const showCopied = (): void => {
    setCopied(true);
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  };

  const choose = async (platform: (typeof SHARE_PLATFORMS)[number]): Promise<void> => {
    const url = shareUrl(origin, designer, platform);
    setHint(null);
    setCopyFailed(false);
    if (platform === 'copy' || platform === 'instagram') {
      const ok = await copy(url);
      if (ok) showCopied();
      else setCopyFailed(true);
      if (platform === 'instagram') setHint(t('engagement.share.instagramHint'));
    }
    const href = platformShareHref(platform, url, text);
    if (href) {
      // eslint-disable-next-line react-hooks/immutability -- a module-level fallback flag set from an event handler, not during render (pending rework, issue 18)
      if (href.startsWith('mailto:')) window.location.href = href;
      else window.open(href, '_blank', 'noopener,noreferrer');
    }
    record(designer.id, platform);
  };

  const native = async (): Promise<void> => {
    const url = shareUrl(origin, designer, 'link');
    try {
      await navigator.share({ title: designer.name, text, url });
      record(designer.id, 'link');
      setOpen(false);
    } catch {
      // The person closed the sheet: nothing was shared.
    }
  };

  return (
    <>
      <button
        type="button"
        className={[styles.pill, compact ? styles.iconOnly : '', className ?? ''].filter(Boolean).join(' ')}
        aria-haspopup="dialog"
        aria-label={compact ? (label ?? t('engagement.share.button')) : undefined}
        data-testid="share-button"
        onClick={() => setOpen(true)}
      >
        <ShareIcon />
        {compact ? null : <span>{label ?? t('engagement.share.button')}</span>}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('engagement.share.title', { name: designer.name })}
        size="md"
        footer={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('engagement.share.close')}
          </Button>
        }
      >
        <p>{t('engagement.share.intro', { name: designer.name })}</p>
        {canNative ? (
          <Button className={styles.native} variant="primary" block onClick={() => void native()}>
            {t('engagement.share.native')}
          </Button>
        ) : null}
        <ul className={styles.platforms}>
          {SHARE_PLATFORMS.map((platform) => (
            <li key={platform}>
              <button type="button" className={styles.platform} data-platform={platform} onClick={() => void choose(platform)}>
                <span className={styles.platformIcon} aria-hidden="true">
                  {platform === 'copy' ? <LinkIcon /> : PLATFORM_MARK[platform]}
                </span>
                {platform === 'copy' ? t('engagement.share.copy') : t(`engagement.platform.${platform}`)}
              </button>
            </li>
          ))}
        </ul>
        <div aria-live="polite">
          {copied ? <p className={styles.copied}>{t('engagement.share.copied')}</p> : null}
          {copyFailed ? <p className={styles.linkBox}>{t('engagement.share.copyFailed')}</p> : null}
          {hint ? <p>{hint}</p> : null}
        </div>
        {copyFailed ? <p className={styles.linkBox}>{shareUrl(origin, designer, 'copy')}</p> : null}
      </Modal>
    </>
  );
}
