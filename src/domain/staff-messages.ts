/**
 * What the staff's screens and the back office's server answers say (Traditional Chinese, one place). Kept
 * apart from the visitors' catalogue (messages.ts), which every visitor page downloads.
 */
export const staffMessages = {
  /** a move of an application made on a version another person's move has replaced (issue 35) */
  applicationUpdatedByOthers: () => '此案件已由他人更新',
  applicationNotFound: () => '查無此受理編號',
  /** the application machine takes no move from its status to the one asked */
  applicationMoveRefused: (from: string, to: string) => `此案件目前為「${from}」，無法改為「${to}」`,
  /** 待補件, 不予承保 and 已結案 tell the company why */
  applicationNoteRequired: (to: string) => `改為「${to}」須填寫說明，公司會在進度查詢看到`,
  /** the printed 名冊 carries full ID numbers and birth dates: an underwriter's to print (個資法) */
  rosterPrintNotPermitted: () => '被保險人名冊含完整身分證字號，僅核保人員可列印',
  /** the admin's account management (docs/specification.md §6) */
  staffExists: () => '此帳號已存在',
  staffNotFound: () => '查無此帳號',
  staffOwnAdmin: () => '不可移除自己的管理角色',
  staffOwnLock: () => '不可停用自己的帳號',
  /** the inbox: someone else changed the message since the screen read it */
  contactUpdatedByOther: () => '此訊息已由他人更新',
  /** the inbox: the message's status does not take this move */
  contactMoveRefused: (status: string) => `此訊息目前為「${status}」，無法執行此動作`,
  contactNotFound: () => '查無此訊息',
  /** a notice the person's roles do not offer */
  staffNoticeNotOffered: () => '您的角色沒有此通知項目',
  /** 寄件匣: no e-mail has the id */
  outboxNotFound: () => '查無此郵件',
  /** 寄件匣: 重新寄送 is for a failed e-mail only */
  outboxResendRefused: (state: string) => `此郵件目前為「${state}」，僅寄送失敗的郵件可重新寄送`,
  /** the atlas's 訪客旅程: no transition is stored under the anonymous id */
  journeyNotFound: () => '查無此訪客的旅程',
  /** the staff session ended after `minutes` without a request: said on the sign-in page (the server's 401) */
  staffIdleEnded: (minutes: number) => `閒置超過 ${minutes} 分鐘，已自動登出，請重新登入`,
  /** a staff screen or call the person's roles do not allow (the server's 403) */
  staffForbidden: () => '您沒有使用此功能的權限',
  /** the admin typed the first password twice, differently */
  passwordsDiffer: () => '兩次輸入的密碼不一致',
} as const;
