import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useGetConfigQuery } from '../../../shared/api/configApi';
import { selectConsentLevel, type WithConsent } from '../consentSlice';
import { allowsAnalytics } from '../lib/consent';
import { startAnalytics, stopAnalytics } from '../lib/analytics';

/**
 * Keeps analytics in step with consent: the config is fetched and gtag.js loaded only with consent
 * "all" and a non-empty analytics_id; withdrawing consent stops it.
 */
export function useAnalytics(): void {
  const level = useSelector((state: WithConsent) => selectConsentLevel(state));
  const allowed = allowsAnalytics(level);
  const { data: config } = useGetConfigQuery(undefined, { skip: !allowed });
  const measurementId = config?.analytics_id ?? '';
  const startedWith = useRef<string | null>(null);

  useEffect(() => {
    if (allowed && measurementId) {
      startAnalytics(measurementId);
      startedWith.current = measurementId;
    } else if (!allowed && startedWith.current !== null) {
      stopAnalytics(startedWith.current);
      startedWith.current = null;
    }
  }, [allowed, measurementId]);
}
