/*
 * The e-mailed code's samples: the new notice address a staff member gives on 通知設定 (issue 45), to which
 * the code of every path goes.
 */

export const SAMPLE_NOTICE_ADDRESS = 'new.notices@insure.example.com.tw';
