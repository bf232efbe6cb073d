import type { Narrowed, Schemas } from '../../../shared/api/contract';

/** Which side of a conversation someone is on (the spec's sender_type). */
export type ChatSide = 'user' | 'designer';

/** The spec's contact status. */
export type ContactStatus = 'new' | 'unread' | 'read';

/** One chat message (GET /api/contacts/{id}); the API's sender_type is a plain string, always a side. */
export type ChatMessage = Narrowed<
  Schemas['MessageView'],
  'id' | 'contact_id' | 'client_id' | 'message' | 'sender_type' | 'sender_id' | 'created_at',
  { sender_type: ChatSide }
>;

/**
 * A conversation as one of its participants sees it. The per-side flags, picture, subject and budget
 * are optional because copies kept in IndexedDB by older versions of the app lack them; the sides
 * are narrowed to ChatSide ('' before the first message).
 */
export type Contact = Narrowed<
  Schemas['ContactView'],
  | 'id'
  | 'designer_id'
  | 'designer_name'
  | 'designer_picture'
  | 'user_id'
  | 'user_name'
  | 'user_email'
  | 'subject'
  | 'budget'
  | 'status'
  | 'user_unread'
  | 'designer_unread'
  | 'my_side'
  | 'user_read_up_to'
  | 'designer_read_up_to'
  | 'last_message'
  | 'last_sender'
  | 'last_message_id'
  | 'last_message_at'
  | 'message_count'
  | 'created_at'
  | 'updated_at'
  | 'messages'
  | 'has_earlier'
  | 'has_more',
  {
    designer_picture?: string;
    subject?: string;
    budget?: string;
    status: ContactStatus | string;
    user_unread?: boolean;
    designer_unread?: boolean;
    my_side?: ChatSide | '';
    user_read_up_to?: number;
    designer_read_up_to?: number;
    last_sender: ChatSide | '';
    last_message_id?: number;
    messages?: ChatMessage[];
  }
>;

export type ContactsPage = Narrowed<Schemas['ContactListView'], 'contacts' | 'total' | 'page' | 'limit' | 'has_more', { contacts: Contact[] }>;

export type UnreadCount = Schemas['UnreadView'];
