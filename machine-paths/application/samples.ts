/*
 * The application machine's samples: the notes staff write with a move, each one the company of 晴空軟體
 * reads on its progress page. None is the documents the operator command asks for by default.
 */

/** 待補件: what the company is to send */
export const SAMPLE_DOCUMENTS_NOTE = '請補送114年度第4季勞保投保薪資明細，並於名冊加蓋公司大章';
/** 不予承保: why */
export const SAMPLE_DECLINE_NOTE = '被保險人中有 3 位從事第六類職業，超出本商品承保範圍';
/** 已結案: why the application ended without a decision */
export const SAMPLE_CLOSE_NOTE = '要保單位來電撤回申請';
/** a move that needs none may carry one too */
export const SAMPLE_PLAIN_NOTE = '已收齊文件';
/** what a note of only spaces is: no note */
export const SAMPLE_BLANK_NOTE = '  　';
