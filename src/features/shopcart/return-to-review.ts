/** The confirm button of a step opened from STEP3's 修改. */
export const RETURN_TO_REVIEW = '完成修改，回到確認申請內容';
