import { type InferType, object } from 'yup';
import { CONTACT_TOPIC_VALUES } from '../contact-topics';
import { GROUP_SIZE } from '../pricing';
import { captchaPayload, choice, paragraphs, requestId, text, tick } from '../validation/fields';
import { taxId } from '../validation/id-rules';
import { between } from '../validation/number-rules';
import { labelOf } from '../validation/params';
import { maxLength } from '../validation/text-rules';
import { contactChannelFields } from './contact-channels';
import { whole } from './group-fields';
import { TRYOUT_HEADCOUNT_MAX, tryoutItemSchema } from './tryout-item';

/*
 * The contact form (聯絡我們, ODGAF080): a company leaves a message, the insurer's service staff answer it
 * within CONTACT_REPLY_WORKING_DAYS working days. The regulator asks for a complaint channel (docs/domain.md §1.2).
 */

/** 內容's limit by double-width counting (docs/specification.md §5 max length): 500 Chinese characters. */
export const CONTACT_CONTENT_MAX = 1000;

/** Service staff answer within this many working days (Mon–Fri) of the message. */
export const CONTACT_REPLY_WORKING_DAYS = 2;

/** 案件編號: CT + ROC date yyyMMdd + 5-digit serial of the day. */
export const CONTACT_NO = /^CT\d{12}$/;

/**
 * What a quote request is refused with: kept with its schema, which loads with the contact form, not in the
 * catalogue every page downloads.
 */
export const quoteRequestMessages = {
  /** the tryout's 請洽專人報價 from fewer people than the online trial prices */
  headcountOnline: (label: string, max: number) => `${label}${max}人以下請直接於線上試算保費`,
  /** the tryout's 請洽專人報價 with a cover the catalogue refuses, and why */
  coverRefused: (reason: string) => `試算保障無法報價：${reason}`,
} as const;

/**
 * The tryout's 請洽專人報價 (50 people and more): the cover as the trial's cart item and the head count the
 * trial was asked for. The server checks the item against the catalogue as the trial does; no price
 * travels, none is trusted.
 */
export const contactQuoteSchema = object({
  item: tryoutItemSchema.label('試算保障').required(),
  headcount: whole('投保人數')
    .required()
    .min(GROUP_SIZE.maxOnline + 1, (p) =>
      quoteRequestMessages.headcountOnline(labelOf(p), GROUP_SIZE.maxOnline),
    )
    .test(between(GROUP_SIZE.maxOnline + 1, TRYOUT_HEADCOUNT_MAX)),
});
export type ContactQuote = InferType<typeof contactQuoteSchema>;
/** A quote request's cover as stored: the item without the cart number it never had. */
export type ContactQuoteCover = Omit<ContactQuote['item'], 'SHOPCART_CART_NO'>;

/** What the visitor types. 手機 and 市話 are each optional, but one of them is needed. */
export const contactMessageSchema = object({
  name: text('姓名').required().test(maxLength(40)),
  companyName: text('公司名稱').required().test(maxLength(80)),
  taxId: text('統一編號', 'halfWidth').test(taxId()),
  ...contactChannelFields(),
  topic: choice('洽詢主題').required().oneOf(CONTACT_TOPIC_VALUES),
  content: paragraphs('內容').required().test(maxLength(CONTACT_CONTENT_MAX)),
  consent: tick('個人資料蒐集告知事項').required().isTrue(),
  /** only when the form was opened from the tryout's 請洽專人報價 */
  quote: contactQuoteSchema.label('報價需求').default(undefined).optional(),
});
export type ContactMessage = InferType<typeof contactMessageSchema>;

/** Body of POST contact/submit. */
export const submitContactSchema = object({
  requestId: requestId('留言識別碼'),
  message: contactMessageSchema.label('留言').required(),
  captcha: captchaPayload(),
});
export type SubmitContact = InferType<typeof submitContactSchema>;

/** What contact/submit answers; the same again for the same requestId. */
export interface ContactReceipt {
  /** 案件編號 */
  contactNo: string;
  /** ISO instant the message was stored */
  receivedAt: string;
  /** ISO date (Asia/Taipei) by which staff answer */
  replyBy: string;
}
