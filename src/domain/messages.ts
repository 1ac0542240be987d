import { busyMessage } from './busy-message';
import { formatMoney } from './money';

/**
 * The one message catalogue (docs/specification.md §5, §8), Traditional Chinese. `label` is the field's label as shown
 * on the form (X in the spec); limits are filled in by the rule that fails.
 */
export const messages = {
  required: (label: string) => `${label}不可為空白`,
  requiredSelect: (label: string) => `請選擇${label}`,
  requiredCheck: (label: string) => `請勾選${label}`,
  decimal: (label: string) => `${label}必須為數字`,
  numeric: (label: string) => `${label}必須為整數`,
  email: () => '請輸入正確的電子郵件地址',
  noSpecialCharacters: (label: string) => `${label}不可包含特殊符號、空白或全形字元`,
  /** NUL, control characters or a lone surrogate: nothing a visitor types */
  unprintable: (label: string) => `${label}含有無法辨識的字元`,
  captcha: () => '驗證碼錯誤',
  maxLength: (label: string, max: number) => `${label}長度限制為${max}`,
  /** `limit` in NT$ */
  laborSumSalary: (label: string, limit: number) => `${label}合計不可超過${formatMoney(limit)}`,
  zero: (label: string) => `${label}不可為0`,
  insuranceDate: (label: string, minDays: number, maxDays: number) =>
    `${label}須為今日起第${minDays}天至第${maxDays}天之間`,
  ageRange: (min: number, max: number) => `被保險人年齡須介於${min}至${max}歲`,
  cellPhone: () => '請輸入正確的手機號碼',
  homePhone: () => '請輸入正確的電話號碼',
  birthDate: (label = '出生日期') => `${label}格式錯誤`,
  /** the date is not a real day (the shared alert's title and the field message) */
  dateError: () => '日期錯誤',
  /** the body of the 日期錯誤 alert */
  dateHint: () => '請輸入正確的日期，例如民國 79/05/12 或西元 1990/05/12',
  totalMonthlySalary: () => '員工月薪總額超過上限',
  /** `limit` in 萬 */
  maxMonthlySalary: (limit: number) => `月薪上限${limit}萬`,
  laborInsuranceSalary: () => '勞保投保薪資非級距金額',
  taxId: (label = '統一編號') => `請輸入正確的${label}`,
  personId: (label: string) => `請輸入正確的${label}`,
  /** a code (e.g. 方案代碼) that cannot be one */
  format: (label: string) => `${label}格式錯誤`,
  badFormat: (label: string) => `${label}格式錯誤`,
  /** a list or a set of keys holds more than `max` entries */
  maxCount: (label: string, max: number) => `${label}最多${max}項`,
  between: (label: string, min: number, max: number) => `${label}須介於${min}至${max}之間`,
  /** the tryout: a rider ticked without its main product */
  riderNeedsMain: (rider: string, main: string) => `${rider}須搭配${main}，請一併勾選${main}`,
  /** the chosen products have no join age in common */
  joinAgesDisjoint: () => '所選保障的投保年齡沒有交集，請重新選擇',
  /** the tryout's age bands do not add up to the group */
  ageBandsTotal: (counted: number, headcount: number) =>
    `各年齡層人數合計 ${counted} 人，須等於投保人數 ${headcount} 人`,
  /** docs/specification.md §8 cart full: the insert is refused */
  cartFull: (max: number) => `購物車最多只能放 ${max} 項保障，請先移除不需要的項目`,
  cartItemNotFound: () => '找不到此項目',
  /** the item names a cart number that is not the one in the visitor's cookie */
  cartNotYours: () => '購物車編號不符，請重新整理頁面後再試',
  cartRelationCode: () => '投保對象代碼錯誤，請重新選擇保障',
  cartFaceAmountType: () => '保額類型錯誤，請重新選擇保障',
  cartUnknownProduct: () => '查無此保障商品，請重新選擇',
  cartAccidentMark: (product: string) => `${product}的意外險標記不符，請重新選擇保障`,
  cartPackageMismatch: (title: string) => `${title}的保障內容與目前方案不符，請重新選擇`,
  /** `min`, `max` in NT$ */
  cartAmountRange: (product: string, min: number, max: number) =>
    `${product}保額須介於${formatMoney(min)}至${formatMoney(max)}之間`,
  /** `step` in NT$ */
  cartAmountStep: (product: string, step: number) => `${product}保額須以${formatMoney(step)}為單位`,
  cartSalaryMultipleAmount: (product: string) => `${product}依月薪倍數投保，保額應為 1`,
  cartSalaryMultipleMark: () => '月薪倍數標記與保障內容不符，請重新選擇保障',
  /** a salary cell's multiple is not one the product offers */
  cartSalaryMultipleChoice: (product: string, min: number, max: number, step: number) =>
    `${product}的月投保薪資倍數須介於${min}至${max}倍之間，並以${step}倍為單位`,
  /** shopcart estimate or application on a cart without items */
  cartEmpty: () => '購物車沒有保障項目，請先加入保障',
  /** shopcart: no application of the flow's request id in the visitor's session */
  applicationNotReceived: () => '查無這筆申請，申請未送達',
  cartDuplicateInItem: (product: string) => `${product}在此項目中重複出現`,
  cartDuplicate: (product: string) => `購物車已有${product}，同一保障不可重複加入`,
  cartRiderNeedsMain: (rider: string, main: string) => `${rider}須搭配${main}投保，請先加入${main}`,
  /** deleting `main` would leave `rider` in the cart without the product it needs */
  cartMainHasRider: (main: string, rider: string) => `${rider}須搭配${main}，請先移除${rider}`,
  /** overprint STEP1: one message whichever identifier was wrong */
  lookupMismatch: () => '查無符合的申請資料，請確認受理編號、統一編號與聯絡手機都與申請時填寫的相同',
  /** progress check: one message whichever identifier was wrong */
  progressMismatch: () => '查無符合的申請資料，請確認受理編號與統一編號都與申請時填寫的相同',
  /** too many wrong lookups; `minutes` until the next try */
  lookupLocked: (minutes: number) =>
    `查詢錯誤次數過多，為保護申請資料，請於 ${minutes} 分鐘後再試；如需協助請洽客服專線`,
  /** the print link's token was altered, is foreign, or names another application */
  tokenInvalid: () => '此列印連結無法使用，請以受理編號、統一編號與聯絡手機查詢申請',
  tokenExpired: () => '此列印連結已逾期，請以受理編號、統一編號與聯絡手機查詢申請',
  /** the 名冊 was asked for an application that has none */
  rosterNotGiven: () => '此申請未附被保險人名冊，無法列印名冊',
  /** the 名冊 asked for with a token that does not open it (issue 45) */
  rosterCodeRequired: () => '被保險人名冊載有完整身分證字號，列印前須輸入寄至申請聯絡人信箱的驗證碼',
  /** a code sent by e-mail: not six digits */
  emailCodeFormat: () => '請輸入 6 位數字的驗證碼',
  /** a wrong code; `left` more may be tried */
  emailCodeMismatch: (left: number) => `驗證碼錯誤，還可再試 ${left} 次`,
  /** the fifth wrong code voided it */
  emailCodeVoided: () => '驗證碼錯誤次數過多，已失效，請重新寄送驗證碼',
  emailCodeExpired: () => '驗證碼已逾時，請重新寄送驗證碼',
  /** no code waits: never sent, already used, or replaced by a newer one */
  emailCodeNone: () => '驗證碼已失效，請重新寄送驗證碼',
  /** too many codes sent to one person (or from one client); `minutes` until one more may be */
  emailCodeTooMany: (minutes: number) => `驗證碼寄送次數過多，請於 ${minutes} 分鐘後再試`,
  /** every render thread busy and the print queue full */
  printBusy: () => '目前列印需求眾多，請稍候再試',
  busy: busyMessage,
  /** the shopcart's application failed without a message of its own */
  submitFailed: () => '送出失敗，請稍後再試一次',
  /** the tryout's quote failed without a message of its own */
  quoteFailed: () => '暫時無法試算，請稍後再試一次',
  /** a featured article's id that names none */
  articleNotFound: () => '查無此文章，可能已下架或網址有誤',
} as const;
