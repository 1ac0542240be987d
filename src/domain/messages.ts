import { formatMoney } from './money';

/**
 * The one message catalogue (SPEC §5, §8), Traditional Chinese. `label` is the field's label as shown
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
} as const;
