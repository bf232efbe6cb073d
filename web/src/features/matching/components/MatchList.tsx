import { useState, type ReactNode } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/matching';
import { useStaleness } from '../../../shared/api/staleSlice';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { StaleNotice } from '../../../shared/ui/StaleNotice';
import { useKeepImagesOffline } from '../../../shared/offline/useKeptImages';
import { DesignerCard, cardThumbUrls } from './DesignerCard';
import type { Lead } from '../../../shared/lib/lead';
import { useGetMatchesQuery, type MatchesArgs } from '../api/matchingApi';
import { matchingFailureKey, type MatchedDesigner, type MatchPage } from '../lib/matches';
import styles from './MatchList.module.css';

export type MatchSubject = { lead: Lead } | { user_id: number };

export interface MatchListProps {
  subject: MatchSubject;
  /** The first page when the caller already has it (the answer of POST /api/match-designers). */
  firstPage?: MatchPage;
  /** Actions for each card's footer (like, share, contact, book). */
  renderActions?: (designer: MatchedDesigner) => ReactNode;
  /** Rendered instead of the list when the subject has no matches at all. */
  empty?: ReactNode;
  /** Pages open at first (a journey brought back by Back or a reload); 1 by default. */
  initialPages?: number;
  /** Told each time "Carica altri designer" opens one more page. */
  onPagesChange?: (pages: number) => void;
}

/**
 * Matched designers, five at a time: each page is its own cached query (so pages seen once open
 * offline), and "Carica altri designer" appears while the last page says has_more.
 */
export function MatchList({ subject, firstPage, renderActions, empty, initialPages = 1, onPagesChange }: MatchListProps) {
  const [pages, setPages] = useState(initialPages);
  return (
    <div className={styles.list}>
      <ul className={styles.cards}>
        {Array.from({ length: pages }, (_, index) => (
          <MatchPageBlock
            key={index + 1}
            args={{ ...subject, page: index + 1 }}
            initial={index === 0 ? firstPage : undefined}
            last={index + 1 === pages}
            onMore={() => {
              setPages(pages + 1);
              onPagesChange?.(pages + 1);
            }}
            renderActions={renderActions}
            empty={empty}
          />
        ))}
      </ul>
    </div>
  );
}

interface BlockProps {
  args: MatchesArgs;
  initial?: MatchPage;
  last: boolean;
  onMore: () => void;
  renderActions?: (designer: MatchedDesigner) => ReactNode;
  empty?: ReactNode;
}

function MatchPageBlock({ args, initial, last, onMore, renderActions, empty }: BlockProps) {
  const query = useGetMatchesQuery(args, { skip: initial !== undefined });
  const { stale, fetchedAt } = useStaleness(query);
  const page = initial ?? query.data;
  // The thumbnails of matched designers are kept in IndexedDB so the shortlist shows its pictures offline.
  useKeepImagesOffline(page ? page.designers.flatMap(cardThumbUrls) : []);
  if (!page) {
    if (query.isError) {
      return (
        <li className={styles.wide}>
          <Alert tone="error">{t(matchingFailureKey(query.error))}</Alert>
        </li>
      );
    }
    return (
      <li className={styles.wide} aria-busy="true">
        <p className={styles.loading} role="status">
          {t('matching.loadingMore')}
        </p>
      </li>
    );
  }
  if (args.page === 1 && page.designers.length === 0 && !page.has_more) {
    return <li className={styles.wide}>{empty ?? <p className={styles.empty}>{t('matching.empty')}</p>}</li>;
  }
  return (
    <>
      {stale && args.page === 1 ? (
        <li className={styles.wide}>
          <StaleNotice fetchedAt={fetchedAt} />
        </li>
      ) : null}
      {page.designers.map((designer, index) => (
        <li key={designer.id} className={styles.item}>
          <DesignerCard designer={designer} actions={renderActions?.(designer)} priority={args.page === 1 && index < 2} />
        </li>
      ))}
      {last ? (
        <li className={styles.wide}>
          <p className={styles.count}>{t('matching.count', { shown: Math.min(page.total, (args.page - 1) * 5 + page.designers.length), total: page.total })}</p>
          {page.has_more ? (
            <Button variant="secondary" onClick={onMore} className={styles.more}>
              {t('matching.loadMore')}
            </Button>
          ) : null}
        </li>
      ) : null}
    </>
  );
}
