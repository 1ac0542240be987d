import type { ContactMessage } from '../../src/domain/api/contact';

// What the contact form's page runs share in jsdom and in Chromium: the visitor's typing of a message.

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The form's text controls, by label, in its order, with what the visitor types for `message`. */
export function contactFields(message: ContactMessage): Array<[string, string]> {
  return [
    ['姓名', message.name],
    ['公司名稱', message.companyName],
    ['統一編號', text(message.taxId)],
    ['手機號碼', text(message.mobile)],
    ['市話', text(message.phone)],
    ['分機', text(message.phoneExt)],
    ['電子郵件', message.email],
    ['內容', message.content],
  ];
}
