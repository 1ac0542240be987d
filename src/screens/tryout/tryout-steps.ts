export const TRYOUT_STEPS = ['選擇保障', '填寫團體資料', '試算結果'] as const;
