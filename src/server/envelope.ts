import { type ApiEnvelope, RETURN_CODE } from '../domain/envelope';
import { messages } from '../domain/messages';
import { staffMessages } from '../domain/staff-messages';

export function ok<T>(data: T): ApiEnvelope<T> {
  return { returnCode: RETURN_CODE.ok, data, msg: '' };
}

export function fail(returnCode: number, msg: string): ApiEnvelope<null>;
/** A failure whose data tells the client what to show, e.g. 'modalCartFull' (docs/specification.md §8). */
export function fail<T>(returnCode: number, msg: string, data: T): ApiEnvelope<T>;
export function fail(returnCode: number, msg: string, data: unknown = null): ApiEnvelope<unknown> {
  return { returnCode, data, msg };
}

/** Visitor-facing failure messages shared by the plugins and routes. */
export const FAILURE_MESSAGES = {
  badInput: '資料格式錯誤，請檢查後再送出',
  tooLarge: '資料量過大，請精簡後再送出',
  timeout: '資料傳送逾時，請重新送出',
  headersTooLarge: '請求標頭過大，請清除瀏覽器 Cookie 後再試',
  unsupportedMediaType: '不支援的資料格式',
  forbidden: '安全驗證失敗，請重新整理頁面後再試',
  notFound: '找不到您要的服務',
  tooMany: '操作過於頻繁，請稍後再試',
  serverFault: messages.busy(),
  unavailable: '服務暫時無法使用，請稍後再試',
  staffSignIn: '請先登入員工帳號',
  notPermitted: staffMessages.staffForbidden(),
} as const;
