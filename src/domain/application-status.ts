/*
 * The statuses of an application after 受理 (docs/domain.md §1.2), as the progress check shows them. Which move
 * may follow which is the application machine's (machines/application.machine.ts), and no one else's.
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

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

/** What 待補件 asks for when staff name nothing else: the signed originals every application needs. */
export const DEFAULT_MISSING_DOCUMENTS = '蓋有公司大小章的要保書正本、被保險人名冊';
