/*
 * The life of an application after 受理 (docs/domain.md §1.2): the statuses the progress check shows, the moves
 * staff may make between them (`npm run application:advance`), and what the company can do at each.
 */

export const APPLICATION_STATUSES = [
  '已受理',
  '資料審核中',
  '待補件',
  '核保中',
  '已承保',
  '不予承保',
  '已結案',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * Where each status may go. 待補件 returns to review once the documents arrive; 已結案 closes an application
 * that ends without a policy decision (the company withdrew, or the documents never came). 已承保 and
 * 不予承保 are decisions: nothing follows them.
 */
export const NEXT_STATUSES: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  已受理: ['資料審核中', '已結案'],
  資料審核中: ['待補件', '核保中', '不予承保', '已結案'],
  待補件: ['資料審核中', '已結案'],
  核保中: ['待補件', '已承保', '不予承保'],
  已承保: [],
  不予承保: [],
  已結案: [],
};

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

export function canAdvance(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/** What 待補件 asks for when staff name nothing else: the signed originals every application needs. */
export const DEFAULT_MISSING_DOCUMENTS = '蓋有公司大小章的要保書正本、被保險人名冊';
