import { BookButton } from '../../features/appointments/components/BookButton';
import { ContactButton } from '../../features/chat/components/ContactButton';
import { useOwnProfile } from '../../features/designers/hooks/useOwnProfile';
import type { Designer } from '../../features/designers/lib/designer';
import { LikeButton } from '../../features/engagement/components/LikeButton';
import { ShareButton } from '../../features/engagement/components/ShareButton';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/designers';
import { ButtonLink } from '../../shared/ui/Button';

/**
 * What a person can do on /profile/{id}: write (signed in), like, share and book. A chunk of its
 * own with Dexie and the booking, chat and sharing code: DesignerProfilePage starts loading it with
 * the route and shows the profile without waiting for it.
 */
export function SignedInContact({ designer }: { designer: Designer }) {
  const own = useOwnProfile(designer);
  return own ? null : <ContactButton designer={designer} flow="confirm" appearance="icon" />;
}

/**
 * The designer on their own profile shares it and goes back to the dashboard; liking, booking or
 * writing to oneself is not offered (the API refuses all three).
 */
export function OwnProfileActions({ designer, shareLabel }: { designer: Designer; shareLabel?: string }) {
  return (
    <>
      <ShareButton designer={designer} label={shareLabel} />
      <ButtonLink to="/designer-profile" variant="secondary">
        {t('designers.own.dashboard')}
      </ButtonLink>
    </>
  );
}

export function ProfileActions({ designer }: { designer: Designer }) {
  const own = useOwnProfile(designer);
  if (own) return <OwnProfileActions designer={designer} />;
  return (
    <>
      <LikeButton designerId={designer.id} designerName={designer.name} initialCount={designer.like_count} />
      <ShareButton designer={designer} />
      <BookButton designerId={designer.id} designerName={designer.name} />
    </>
  );
}
