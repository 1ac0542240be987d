export const OVERPRINT_STEPS = ['身分驗證', '選擇文件', '確認資料', '下載列印'] as const;
