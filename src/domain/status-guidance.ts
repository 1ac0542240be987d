import type { ApplicationStatus } from './application-status';
import { INSURER } from './insurer';

/*
 * What the company can do at each status (docs/domain.md §1.2), in the words the progress page shows and the
 * 申請狀態更新 e-mail sends: one text for both.
 */

/** 已受理: who calls, and when. */
export const ACCEPTED_GUIDANCE =
  '我們已收到申請，業務人員將於 3 個工作天內與聯絡人聯繫，確認投保內容與保費。';

/** 待補件, after the documents staff asked for: where they go. */
export const DOCUMENTS_DESTINATION = `可交給與您聯繫的業務人員，或寄至 ${INSURER.address}（團體保險部收），並註明受理編號。收到後即繼續審核。`;

/** Said at every status from which staff may still ask for documents. */
export const MAY_ASK_DOCUMENTS = '如需補充資料，會與聯絡人聯繫。';

/** The statuses whose guidance is one plain sentence. */
export const PLAIN_GUIDANCE: Readonly<Record<Exclude<ApplicationStatus, '已受理' | '待補件'>, string>> = {
  資料審核中: '我們正在核對要保書、被保險人名冊與投保內容。',
  核保中: '核保人員正在評估投保內容與被保險人資料，通常需要 3 至 5 個工作天。',
  已承保: '保險已核准承保。保險單將寄至要保單位，並為每位被保險人製發保險證。',
  不予承保: `很抱歉，此申請未能承保，業務人員將向聯絡人說明原因；如有疑問，請洽客服專線 ${INSURER.serviceLine}。`,
  已結案: '此申請已結案（申請撤回或逾期未補件）。如仍需投保，歡迎重新申請。',
};
