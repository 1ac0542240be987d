import { BusyButton } from './busy-button';

/** The count line of a staff list read a page at a time: 「共 120 筆，第 2 / 3 頁」. */
export const pageCountText = (total: number, page: number, pages: number) =>
  `共 ${total} 筆，第 ${page} / ${pages} 頁`;

/** How many pages `total` rows make at `pageSize` a page (at least one). */
export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * 上一頁 and 下一頁 of a staff list, when it has more than one page. Never disabled: a button that is would
 * drop the focus of whoever just used it; at either end it is announced unavailable and does nothing.
 */
export function StaffPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="分頁" className="staff-pager">
      <BusyButton className="button" busy={page <= 1} onClick={() => onPage(page - 1)}>
        上一頁
      </BusyButton>
      <BusyButton className="button" busy={page >= pages} onClick={() => onPage(page + 1)}>
        下一頁
      </BusyButton>
    </nav>
  );
}
