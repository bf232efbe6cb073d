/** Which side of a conversation someone is on (the spec's sender_type). */
export type ChatSide = 'user' | 'designer';

/** The spec's contact status. */
export type ContactStatus = 'new' | 'unread' | 'read';

/** One chat message (GET /api/contacts/{id}). */
export interface ChatMessage {
  id: number;
  contact_id: number;
  client_id?: string;
  message: string;
  sender_type: ChatSide;
  sender_id: number;
  created_at: string;
}

/** A conversation as one of its participants sees it. Per-side flags may be absent in old copies. */
export interface Contact {
  id: number;
  designer_id: number;
  designer_name: string;
  designer_picture?: string;
  user_id: number;
  user_name: string;
  user_email: string;
  subject?: string;
  budget?: string;
  status: ContactStatus | string;
  user_unread?: boolean;
  designer_unread?: boolean;
  my_side?: ChatSide | '';
  user_read_up_to?: number;
  designer_read_up_to?: number;
  last_message: string;
  last_sender: ChatSide | '';
  last_message_id?: number;
  last_message_at: string | null;
  message_count: number;
  created_at: string;
  updated_at: string;
  messages?: ChatMessage[];
  has_earlier?: boolean;
  has_more?: boolean;
}

export interface ContactsPage {
  contacts: Contact[];
  total: number;
  page: number;
  limit: number;
  has_more: boolean;
}

export interface UnreadCount {
  unread_count: number;
  as_customer: number;
  as_designer: number;
}
