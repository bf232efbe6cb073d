import { useCallback, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import type { AppError } from '../../../shared/api/errors';
import { currentSubscription, readEnvironment, subscribeDevice, subscriptionJson, unsubscribeDevice } from '../../../shared/push/device';
import { useRunCommand } from '../../../shared/offline/command';
import { deletePushDevice, registerPushDevice, setPushPreferences } from '../../../shared/push/commands';
import { pushApi, useGetPushDevicesQuery, useGetPushPreferencesQuery } from '../../../shared/push/pushApi';
import { pushStatus, type PushEnvironment, type PushPreferences, type PushStatus } from '../../../shared/push/pushState';
import { rememberPushOwner } from '../../../shared/push/startPush';
import { selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { usePushDispatch } from './usePushDispatch';

/** A message the opt-in shows after an action: which catalogue key, and how serious. */
export type PushNotice = 'dismissed' | 'failed' | 'rejected' | 'checkFailed' | 'offline' | 'saveFailed' | null;

/** Maps a failed API call to the notice to show. */
export function noticeFor(error: AppError | undefined): Exclude<PushNotice, null> {
  if (!error || error.kind !== 'http') return 'offline';
  if (error.reason === 'endpoint_check_failed' || error.status === 503) return 'checkFailed';
  if (error.reason === 'invalid_subscription' || error.reason === 'endpoint_not_allowed' || error.status === 422) return 'rejected';
  return 'failed';
}

export interface PushOptIn {
  /** null while this device's subscription and the account's devices are being read. */
  status: PushStatus | null;
  busy: boolean;
  notice: PushNotice;
  preferences: PushPreferences | null;
  /** Asks permission (from the click), subscribes and registers this device. */
  turnOn: () => Promise<void>;
  /** Forgets this device on the server and ends the browser's subscription. */
  turnOff: () => Promise<void>;
  setPreference: (kind: keyof PushPreferences, on: boolean) => Promise<void>;
}

/**
 * The state and actions of the "Ricevi notifiche" opt-in. Nothing is asked of the browser until
 * turnOn runs from a click; the state is re-read when the page becomes visible again (the person
 * may have changed the permission in the browser's settings meanwhile).
 */
export function usePushOptIn(): PushOptIn {
  const dispatch = usePushDispatch();
  const userId = useSelector((state: WithSession) => selectUserId(state));
  const [env, setEnv] = useState<PushEnvironment>(() => readEnvironment());
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<PushNotice>(null);
  const usable = env.supported && !(env.ios && !env.standalone);
  const devices = useGetPushDevicesQuery(undefined, { skip: !usable || userId === null });
  const preferences = useGetPushPreferencesQuery(undefined, { skip: !usable || userId === null });
  const { run: register } = useRunCommand(registerPushDevice);
  const { run: remove } = useRunCommand(deletePushDevice);
  const { run: save } = useRunCommand(setPushPreferences);

  const readSubscription = useCallback(async (): Promise<void> => {
    const subscription = await currentSubscription();
    setEndpoint(subscription?.endpoint ?? null);
  }, []);
  const reread = useCallback(async (): Promise<void> => {
    setEnv(readEnvironment());
    await readSubscription();
  }, [readSubscription]);

  useEffect(() => {
    // The environment was read by useState's initialiser; this device's subscription arrives
    // asynchronously from the browser.
    let live = true;
    void currentSubscription().then((subscription) => {
      if (live) setEndpoint(subscription?.endpoint ?? null);
    });
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') void reread();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reread]);

  const accountEndpoints = devices.data?.map((d) => d.endpoint) ?? [];
  let status: PushStatus | null = pushStatus(env, endpoint ?? null, accountEndpoints);
  if ((status === 'off' || status === 'active') && (endpoint === undefined || (devices.isLoading && !devices.data))) status = null;

  const turnOn = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const result = await subscribeDevice(async () => dispatch(pushApi.endpoints.getPushKey.initiate(undefined, { subscribe: false })).unwrap());
      if (!result.ok) {
        setNotice(result.failure === 'dismissed' ? 'dismissed' : result.failure === 'denied' ? null : 'failed');
        return;
      }
      const json = subscriptionJson(result.subscription);
      if (!json) {
        setNotice('failed');
        return;
      }
      const answer = await register(json);
      if (answer.status === 'refused') {
        setNotice(noticeFor(answer.error));
        return;
      }
      rememberPushOwner(userId);
    } catch (error) {
      setNotice(noticeFor(error as AppError));
    } finally {
      await reread();
      setBusy(false);
    }
  };

  const turnOff = async (): Promise<void> => {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const answer = await remove({ endpoint: subscription.endpoint });
        // 404: the server had already forgotten this device; the browser's side still ends.
        if (answer.status === 'refused' && answer.error.status !== 404) {
          setNotice(noticeFor(answer.error));
          return;
        }
        await unsubscribeDevice(subscription);
      }
      rememberPushOwner(null);
    } finally {
      await reread();
      setBusy(false);
    }
  };

  const setPreference = async (kind: keyof PushPreferences, on: boolean): Promise<void> => {
    const current = preferences.data;
    if (!current) return;
    setNotice(null);
    const answer = await save({ ...current, [kind]: on });
    if (answer.status === 'refused') setNotice('saveFailed');
  };

  return { status, busy, notice, preferences: preferences.data ?? null, turnOn, turnOff, setPreference };
}
