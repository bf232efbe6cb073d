import { api } from '../../shared/api/api';
import type { Schemas } from '../../shared/api/contract';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/chat';
import { defineCommand, type CommandDispatch } from '../../shared/offline/command';
import { showToast } from '../../shared/ui/Toast';
import { newClientId } from './lib/messages';

/** The writes of the chat feature. The app registers them at start. */

/** The conversations and the unread count, read again once a message went out or was refused. */
function refresh(dispatch: CommandDispatch): void {
  dispatch(api.util.invalidateTags([{ type: 'Contact', id: 'LIST' }, { type: 'Contact', id: 'UNREAD' }, 'Message']));
}

/** A refused message stays in the thread, marked, with Riprova; the toast says why. */
function refused(dispatch: CommandDispatch, error: { message: string }): void {
  refresh(dispatch);
  showToast(t('chat.sendFailed'), { tone: 'error', detail: error.message });
}

/** A message in a conversation: shown at once, delivered once and in order when there is a connection. */
export const sendMessage = defineCommand<{ contactId: number; text: string }>({
  kind: 'chat.message',
  entity: ({ contactId }) => `contact:${contactId}`,
  method: 'POST',
  path: ({ contactId }) => `/api/contacts/${contactId}/messages`,
  body: ({ text }) => ({ message: text, client_id: newClientId() }) satisfies Schemas['ReplyRequest'],
  onSent: (dispatch) => refresh(dispatch),
  onRefused: (dispatch, error) => refused(dispatch, error),
});

/** A first (or further) message to a designer from the contact dialog. */
export const contactDesigner = defineCommand<{ designerId: number; text: string }>({
  kind: 'chat.contact',
  entity: ({ designerId }) => `designer-contact:${designerId}`,
  method: 'POST',
  path: () => '/api/contacts/',
  body: ({ designerId, text }) => ({ designer_id: designerId, message: text, client_id: newClientId() }) satisfies Schemas['OpenContactInput'],
  onSent: (dispatch) => refresh(dispatch),
  onRefused: (dispatch, error) => refused(dispatch, error),
});

export const chatCommands = [sendMessage, contactDesigner];
