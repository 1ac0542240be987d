import type { ContactMessage, ContactQuote, ContactReceipt } from '../../src/domain/api/contact';
import { buildCartItem, SOURCE_CODES } from '../../src/domain/cart-item';
import { SAMPLE_COVERS } from '../tryout/samples';

/*
 * The contact form's samples: an HR officer of 晴空軟體 asks for a quote for 12 people and gives a mobile
 * only; the server's answer stores it as the first message of 民國115年11月24日.
 */

export const SAMPLE_CONTACT_REQUEST_ID = '3f0c6a52-8d1e-4b7a-9c2f-5e6d7a8b9c01';
/** 再留一則訊息 starts a new message with a new key */
export const SAMPLE_CONTACT_RESTART_REQUEST_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export const SAMPLE_CONTACT_MESSAGE: ContactMessage = {
  name: '陳美玲',
  companyName: '晴空軟體股份有限公司',
  taxId: '12345675',
  mobile: '0912-345-678',
  phone: undefined,
  phoneExt: undefined,
  email: 'hr@example.com.tw',
  topic: 'quote',
  content: '我們有 12 位員工，想了解團體傷害保險與住院醫療的保費。\n方便請於上班時間來電。',
  consent: true,
};

/** Neither a mobile nor a landline: the page never sends it. */
export const SAMPLE_UNREACHABLE_CONTACT_MESSAGE: ContactMessage = {
  ...SAMPLE_CONTACT_MESSAGE,
  mobile: undefined,
};

export const SAMPLE_CONTACT_CAPTCHA = 'eyJjaGFsbGVuZ2UiOnt9LCJzb2x1dGlvbiI6eyJudW1iZXIiOjExfX0=';

export const SAMPLE_CONTACT_RECEIPT: ContactReceipt = {
  contactNo: 'CT115112400001',
  receivedAt: '2026-11-24T03:15:00.000Z',
  replyBy: '2026-11-26',
};

/** The tryout's 請洽專人報價 for 80 people of 基本型, as the contact form sends it. */
export const SAMPLE_QUOTE_REQUEST: ContactMessage = {
  ...SAMPLE_CONTACT_MESSAGE,
  content: '我在保費試算中選擇了「基本型」，投保人數 80 人，想請專人提供報價。',
  quote: {
    item: buildCartItem(SAMPLE_COVERS.basic.pkg, SOURCE_CODES.package, '') as ContactQuote['item'],
    headcount: 80,
  },
};
