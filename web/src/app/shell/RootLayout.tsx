import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { SessionBootstrap } from '../../features/auth/components/SessionBootstrap';
import { ConsentManager } from '../../features/consent/components/ConsentManager';
import { UpdateToast } from '../../features/pwa/components/UpdateToast';
import { t, type PlainKey } from '../../shared/i18n/t';
import { ToastViewport } from '../../shared/ui/Toast';
import { JourneyResume } from './JourneyResume';
import { useFocusOnNavigation } from './useFocusOnNavigation';

/** Route `handle` fields the app reads. */
export interface RouteHandle {
  title?: PlainKey;
}

function useDocumentTitle(): void {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  const title = handle?.title ? t(handle.title) : t('title.home');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Wraps every page, with or without the shell: consent, update notice, toasts, scroll restoration, titles, the focus after a navigation. */
export function RootLayout() {
  useDocumentTitle();
  useFocusOnNavigation();
  return (
    <>
      <SessionBootstrap />
      <Outlet />
      <JourneyResume />
      <ConsentManager />
      <UpdateToast />
      <ToastViewport />
      <ScrollRestoration />
    </>
  );
}
