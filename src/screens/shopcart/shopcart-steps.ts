export const SHOPCART_STEPS = ['確認購物車', '填寫投保資料', '確認申請內容', '申請完成'] as const;
