import type {
  ContactAssign,
  ContactCase,
  ContactInboxPage,
  ContactMove,
  ContactNote,
  ContactReply,
} from '../../domain/api/contact-inbox';
import { staffGet, staffPost } from '../../lib/staff-api';

const path = (contactNo: string) => `staff/contacts/${encodeURIComponent(contactNo)}`;

/** The contact inbox: a page of messages, one message, and what the service desk does with it. */
export const inboxApi = {
  list: (query: Record<string, string>) => staffGet<ContactInboxPage>('staff/contacts', query),
  read: (contactNo: string) => staffGet<ContactCase>(path(contactNo)),
  assign: (contactNo: string, body: ContactAssign) =>
    staffPost<ContactCase>(`${path(contactNo)}/assign`, body),
  move: (contactNo: string, body: ContactMove) => staffPost<ContactCase>(`${path(contactNo)}/move`, body),
  note: (contactNo: string, body: ContactNote) => staffPost<ContactCase>(`${path(contactNo)}/note`, body),
  reply: (contactNo: string, body: ContactReply) => staffPost<ContactCase>(`${path(contactNo)}/reply`, body),
};
