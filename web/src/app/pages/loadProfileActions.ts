import { whenFirstPainted } from '../../shared/lib/firstPaint';

// Like, share, book and the signed-in contact dialog (with the outbox, booking, chat and sharing
// code) load in a chunk of their own, asked for once the page has painted (at once on a later
// screen of the visit): on a first visit the profile paints in its first render (a visitor's answer
// comes with the page, firstanswer.go), and what is asked for before that paint competes with it.
// A module of its own so that a test can make the chunk unreachable.
export const loadProfileActions = () => whenFirstPainted().then(() => import('./DesignerProfileActions'));

export type ProfileActionsModule = Awaited<ReturnType<typeof loadProfileActions>>;
