import { useSelector } from 'react-redux';
import { selectCookieSettingsOpen, type WithShell } from '../../../shared/shell/shellSlice';
import { selectConsentLevel, type WithConsent } from '../consentSlice';
import { useAnalytics } from '../hooks/useAnalytics';
import { CookieBanner } from './CookieBanner';
import { CookieSettingsModal } from './CookieSettingsModal';

/** Everything consent needs on every page: the banner until a choice exists, the settings, analytics. */
export function ConsentManager() {
  useAnalytics();
  const level = useSelector((state: WithConsent) => selectConsentLevel(state));
  const settingsOpen = useSelector((state: WithShell) => selectCookieSettingsOpen(state));
  return (
    <>
      {level === null && !settingsOpen ? <CookieBanner /> : null}
      <CookieSettingsModal />
    </>
  );
}
