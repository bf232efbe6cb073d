import type { Schemas } from '../api/contract';
import { defineCommand } from '../offline/command';
import type { SubscriptionJson } from './device';
import { pushApi } from './pushApi';
import { parsePreferences, type PushPreferences } from './pushState';

/**
 * The Web Push writes of the signed-in account (docs/push.md). They are never kept on the device
 * (keep: 'never'): a subscription is the browser's, made and ended with the push service at that
 * moment, so registering or forgetting it later from a queue would describe a device that may no
 * longer be; the switches say at once when they could not be saved, as they always did. Logout's
 * unsubscribe is queued instead (shared/session/commands.ts).
 */

const DEVICES = [{ type: 'PushDevice' as const, id: 'LIST' }];

/** This device receives the account's pushes (POST /api/push/subscriptions, an upsert). */
export const registerPushDevice = defineCommand<SubscriptionJson>({
  kind: 'push.register',
  keep: 'never',
  entity: () => 'push:devices',
  method: 'POST',
  path: () => '/api/push/subscriptions',
  body: (subscription) => subscription,
  onSent: (dispatch) => {
    dispatch(pushApi.util.invalidateTags(DEVICES));
  },
});

/** This device stops receiving them (the opt-in's "turn off"). */
export const deletePushDevice = defineCommand<Required<Schemas['EndpointRequest']>>({
  kind: 'push.delete',
  keep: 'never',
  entity: () => 'push:devices',
  method: 'DELETE',
  path: () => '/api/push/subscriptions',
  body: ({ endpoint }) => ({ endpoint }),
  onSent: (dispatch) => {
    dispatch(pushApi.util.invalidateTags(DEVICES));
  },
  onRefused: (dispatch) => {
    dispatch(pushApi.util.invalidateTags(DEVICES));
  },
});

/** The per-kind switches: shown at once, put back to the server's if it refuses. */
export const setPushPreferences = defineCommand<PushPreferences>({
  kind: 'push.preferences',
  keep: 'never',
  entity: () => 'push:preferences',
  method: 'PUT',
  path: () => '/api/push/preferences',
  body: (wanted) => wanted,
  apply: (dispatch, wanted) => {
    dispatch(pushApi.util.updateQueryData('getPushPreferences', undefined, () => wanted));
  },
  onSent: (dispatch, response) => {
    dispatch(pushApi.util.updateQueryData('getPushPreferences', undefined, () => parsePreferences(response)));
  },
  onRefused: (dispatch) => {
    dispatch(pushApi.util.invalidateTags([{ type: 'PushPreferences', id: 'MINE' }]));
  },
});

export const pushCommands = [registerPushDevice, deletePushDevice, setPushPreferences];
