/** Whole hours from `since` to `asOf` (none when `since` is later). */
export function waitedHours(since: Date | string, asOf: Date | string): number {
  return Math.max(0, Math.floor((new Date(asOf).getTime() - new Date(since).getTime()) / 3_600_000));
}

/** How long an application has waited, as the queue says it: 「3 天 4 小時」, 「5 小時」, 「未滿 1 小時」. */
export function waitedText(since: Date | string, asOf: Date | string): string {
  const hours = waitedHours(since, asOf);
  if (hours === 0) return '未滿 1 小時';
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0) return `${rest} 小時`;
  return rest === 0 ? `${days} 天` : `${days} 天 ${rest} 小時`;
}
