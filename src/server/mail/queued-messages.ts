import type { Transaction } from 'kysely';
import { DateTime } from 'luxon';
import type { ApplicationStatus } from '../../domain/application-status';
import type { ContactTopic } from '../../domain/contact-topics';
import { type IsoDate, TAIPEI } from '../../domain/roc-date';
import { countSentTo, queueMail } from '../db/repositories/outbox';
import type { Database } from '../db/schema';
import {
  applicationMovedMail,
  applicationReceivedMail,
  contactReceivedMail,
  contactRepliedMail,
  newApplicationNotice,
  newContactNotice,
  noticeAddressCodeMail,
  rosterCodeMail,
} from './message-wording';
import { queueStaffNotice } from './staff-notices';

/*
 * The e-mail each change causes, written into the outbox in the change's own transaction (issue 36): the
 * caller's `trx`, so the change is not stored without its message, nor the message without its change.
 */

/** 申請受理通知, to the contact the applicant named; 新申請案件 to the underwriters who chose it. */
export async function queueApplicationReceived(
  trx: Transaction<Database>,
  application: {
    applicationNo: string;
    companyName: string;
    contactName: string;
    email: string;
    items: readonly string[];
    headcount: number;
    startDate: IsoDate;
    submittedAt: Date;
    contactBy: IsoDate;
  },
  siteUrl: string,
): Promise<void> {
  const about = { applicationNo: application.applicationNo };
  await queueMail(trx, {
    kind: 'application.received',
    to: { address: application.email, name: application.contactName },
    mail: applicationReceivedMail({ ...application, siteUrl }),
    about,
    at: application.submittedAt,
  });
  await queueStaffNotice(
    trx,
    'application.new',
    newApplicationNotice({ ...application, siteUrl }),
    about,
    application.submittedAt,
  );
}

/** 申請狀態更新, to the same contact: the status the move led to and its note. */
export async function queueApplicationMoved(
  trx: Transaction<Database>,
  move: { applicationNo: string; status: ApplicationStatus; note: string | null; at: Date },
  siteUrl: string,
): Promise<void> {
  const to = await trx
    .selectFrom('applications')
    .select(['company_name', 'contact_name', 'email'])
    .where('application_no', '=', move.applicationNo)
    .executeTakeFirstOrThrow();
  await queueMail(trx, {
    kind: 'application.moved',
    to: { address: to.email, name: to.contact_name },
    mail: applicationMovedMail({
      ...move,
      companyName: to.company_name,
      contactName: to.contact_name,
      siteUrl,
    }),
    about: { applicationNo: move.applicationNo },
    at: move.at,
  });
}

/**
 * Acknowledgements (已收到您的留言) one address gets in a Taipei day at most: the form can name any address,
 * so past these the messages are stored and reach the inbox, but the address hears no more of them that day.
 */
export const ACKNOWLEDGEMENTS_PER_ADDRESS_DAY = 3;

/**
 * 已收到您的留言 to the address the sender gave, unless it has had its day's acknowledgements (counted from
 * the outbox under a lock of the address, so racing submits cannot both pass); 新聯絡訊息 to the service
 * people who chose it, always. The acknowledgement names nobody: no display name either.
 */
export async function queueContactReceived(
  trx: Transaction<Database>,
  contact: {
    contactNo: string;
    companyName: string;
    email: string;
    topic: ContactTopic;
    receivedAt: Date;
    replyBy: IsoDate;
  },
  siteUrl: string,
): Promise<void> {
  const about = { contactNo: contact.contactNo };
  const dayStart = DateTime.fromJSDate(contact.receivedAt, { zone: TAIPEI }).startOf('day').toJSDate();
  const acknowledged = await countSentTo(trx, 'contact.received', contact.email, dayStart);
  if (acknowledged < ACKNOWLEDGEMENTS_PER_ADDRESS_DAY) {
    await queueMail(trx, {
      kind: 'contact.received',
      to: { address: contact.email, name: '' },
      mail: contactReceivedMail(contact),
      about,
      at: contact.receivedAt,
    });
  }
  await queueStaffNotice(
    trx,
    'contact.new',
    newContactNotice({ ...contact, siteUrl }),
    about,
    contact.receivedAt,
  );
}

/** The service desk's reply, to the sender, naming the message's topic and 案件編號. */
export async function queueContactReplied(
  trx: Transaction<Database>,
  reply: { contactNo: string; text: string; at: Date },
): Promise<void> {
  const to = await trx
    .selectFrom('contacts')
    .select(['name', 'email', 'topic'])
    .where('contact_no', '=', reply.contactNo)
    .executeTakeFirstOrThrow();
  await queueMail(trx, {
    kind: 'contact.replied',
    to: { address: to.email, name: to.name },
    mail: contactRepliedMail({
      contactNo: reply.contactNo,
      name: to.name,
      topic: to.topic,
      reply: reply.text,
    }),
    about: { contactNo: reply.contactNo },
    at: reply.at,
  });
}

/**
 * 列印被保險人名冊驗證碼, to the application's contact: the code is the message's secret, put in only as it is
 * sent (mail/code-placeholder.ts), so 寄件匣 shows the message without it.
 */
export async function queueRosterCode(
  trx: Transaction<Database>,
  m: { applicationNo: string; contactName: string; email: string; code: string; at: Date },
): Promise<void> {
  await queueMail(trx, {
    kind: 'roster.code',
    to: { address: m.email, name: m.contactName },
    mail: rosterCodeMail(m),
    about: { applicationNo: m.applicationNo },
    at: m.at,
    secret: m.code,
  });
}

/** 通知信箱驗證碼, to the new address a staff member gave: their notices go there once it is typed. */
export async function queueNoticeAddressCode(
  trx: Transaction<Database>,
  m: { staff: string; email: string; code: string; at: Date },
): Promise<void> {
  await queueMail(trx, {
    kind: 'staff.address',
    to: { address: m.email, name: m.staff },
    mail: noticeAddressCodeMail(m),
    about: null,
    at: m.at,
    secret: m.code,
  });
}
