export const TRYOUT_STEPS = ['選擇保障', '投保團體', '試算結果'] as const;
