import { api } from '../../../shared/api/api';
import type { ContactsPage, Contact, UnreadCount } from './types';

/** The spec's polling: contact lists every 5 s, an open chat every 15 s, the designer's unread count every 10 s. */
export const LIST_POLL_MS = 5000;
export const CHAT_POLL_MS = 15000;
export const UNREAD_POLL_MS = 10000;
/** Messages per page of a conversation. */
export const MESSAGE_PAGE = 50;
/** Conversations per list call. */
export const CONTACT_PAGE = 100;

/**
 * Messaging endpoints. Lists and conversations are kept in IndexedDB by the base query (stable URLs),
 * so they open offline; the server answers unchanged polls with 304 (ETag), which the browser turns
 * back into the cached body. Sending goes through the outbox (see hooks/useChatOutbox), not here.
 */
export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    myContacts: build.query<ContactsPage, void>({
      query: () => ({ url: '/contacts/my-contacts', params: { limit: CONTACT_PAGE } }),
      providesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    designerContacts: build.query<ContactsPage, void>({
      query: () => ({ url: '/contacts/designer-contacts', params: { limit: CONTACT_PAGE } }),
      providesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    conversation: build.query<Contact, number>({
      query: (id) => ({ url: `/contacts/${id}`, params: { limit: MESSAGE_PAGE } }),
      providesTags: (_result, _error, id) => [{ type: 'Message', id }],
    }),
    earlierMessages: build.query<Contact, { id: number; before: number }>({
      query: ({ id, before }) => ({ url: `/contacts/${id}`, params: { before, limit: MESSAGE_PAGE, mark_read: false } }),
      extraOptions: { offlineCache: false },
    }),
    unreadCount: build.query<UnreadCount, void>({
      query: () => '/contacts/unread-count',
      extraOptions: { offlineCache: false },
      providesTags: [{ type: 'Contact', id: 'UNREAD' }],
    }),
  }),
});

export const {
  useMyContactsQuery,
  useDesignerContactsQuery,
  useConversationQuery,
  useLazyEarlierMessagesQuery,
  useUnreadCountQuery,
} = chatApi;
