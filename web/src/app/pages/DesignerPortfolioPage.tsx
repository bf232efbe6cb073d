import { useSelector } from 'react-redux';
import { useParams } from 'react-router';
import { BookButton } from '../../features/appointments/components/BookButton';
import { ContactButton } from '../../features/chat/components/ContactButton';
import { DesignerPortfolio } from '../../features/designers/components/DesignerPortfolio';
import { useOwnProfile } from '../../features/designers/hooks/useOwnProfile';
import type { Designer } from '../../features/designers/lib/designer';
import { VisitorContact } from '../../features/designers/components/VisitorContact';
import { LikeButton } from '../../features/engagement/components/LikeButton';
import { ShareButton } from '../../features/engagement/components/ShareButton';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/engagement';
import { selectIsLoggedIn } from '../../shared/session/sessionSlice';
import type { RootState } from '../store';
import { OwnProfileActions } from './DesignerProfileActions';

/**
 * /designer/{id}. The designers feature draws the portfolio; the actions under the name come from
 * the features that own them.
 */
export function DesignerPortfolioPage() {
  const { id } = useParams();
  return <DesignerPortfolio designerId={id} renderActions={(designer) => <PortfolioActions designer={designer} />} />;
}

function PortfolioActions({ designer }: { designer: Designer }) {
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  const own = useOwnProfile(designer);
  if (own) return <OwnProfileActions designer={designer} shareLabel={t('engagement.share.designerButton')} />;
  return (
    <>
      {/* "Contatta Designer": visitors register first (the designer and this page wait in session
          storage); signed-in people open the contact dialog, which reopens by itself 0.5 s after
          returning from registration. */}
      {loggedIn ? <ContactButton designer={designer} flow="direct" /> : <VisitorContact designer={designer} flow="direct" />}
      <ShareButton designer={designer} label={t('engagement.share.designerButton')} />
      <LikeButton designerId={designer.id} designerName={designer.name} initialCount={designer.like_count} />
      {/* Booking a video call (scheduling, issue 8). */}
      <BookButton designerId={designer.id} designerName={designer.name} variant="secondary" />
    </>
  );
}
