import { BookButton } from '../../features/appointments/components/BookButton';
import { ContactButton } from '../../features/chat/components/ContactButton';
import type { Designer } from '../../features/designers/lib/designer';
import { LikeButton } from '../../features/engagement/components/LikeButton';
import { ShareButton } from '../../features/engagement/components/ShareButton';

/**
 * What a person can do on /profile/{id}: write (signed in), like, share and book. A chunk of its
 * own with Dexie and the booking, chat and sharing code: DesignerProfilePage starts loading it with
 * the route and shows the profile without waiting for it.
 */
export function SignedInContact({ designer }: { designer: Designer }) {
  return <ContactButton designer={designer} flow="confirm" appearance="icon" />;
}

export function ProfileActions({ designer }: { designer: Designer }) {
  return (
    <>
      <LikeButton designerId={designer.id} designerName={designer.name} initialCount={designer.like_count} />
      <ShareButton designer={designer} />
      <BookButton designerId={designer.id} designerName={designer.name} />
    </>
  );
}
