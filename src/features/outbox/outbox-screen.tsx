import { useRouterState } from '@tanstack/react-router';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { StaffLink } from '../../components/staff-link';
import { StaffStatusCounts } from '../../components/staff-list-filters';
import { pageCountOf, pageCountText, StaffPager } from '../../components/staff-pager';
import { StaffFailure, StaffReading } from '../../components/staff-states';
import { StaffTable } from '../../components/staff-table';
import { OUTBOX_PAGE_SIZE, type OutboxEntry, type OutboxPage } from '../../domain/api/outbox';
import { OUTBOX_STATE_LABELS, OUTBOX_STATES } from '../../domain/outbox';
import { formatTaipeiSecond } from '../../domain/roc-date';
import { STAFF_PAGES, staffHref } from '../../domain/staff-pages';
import { type StaffFilters, staffListHref, staffQuery, staffQueryOf } from '../../lib/staff-query';
import { useStaffList } from '../../lib/use-staff-list';
import { MessageView } from './message-view';
import { outboxApi } from './outbox-api';
import { deliveryNote, recipientOf } from './outbox-words';

/*
 * 寄件匣 (service, underwriter; issue 36): every e-mail the site writes, newest first, a page at a time from
 * the server, with its delivery (state, tries, when it goes next or went, the mail server's last answer)
 * and the count in each state, each a link that shows only that state. The state and the page are the
 * address's query; `?id=` a 郵件編號 opens that e-mail instead, as it is sent, with 重新寄送 when it failed.
 */

const TEXT = {
  intro:
    '寄件匣列出系統寄給申請人、留言者與員工的每一封電子郵件，新的在前，並顯示寄送狀態。伺服器未設定郵件伺服器時不會寄出任何郵件，郵件會保留在這裡並顯示為「待寄送」，設定後才依序寄出。',
  filterHint: '點選寄送狀態，只列出該狀態的郵件。',
  messages: '郵件列表',
  id: '郵件編號',
  state: '狀態',
  recipient: '收件人',
  subject: '主旨',
  createdAt: '建立時間',
  attempts: '寄送次數',
  times: (n: number) => `${n} 次`,
  delivery: '寄送情形',
  order: '依建立時間由新至舊排列。',
  none: '沒有符合條件的郵件。',
  back: '回到郵件列表',
  heading: (id: number) => `郵件 ${id}`,
} as const;

const FILTERS = ['state'] as const;
type Filters = StaffFilters<(typeof FILTERS)[number]>;

/** A page of the list, with the page it is (the server's answer does not say). */
type ShownPage = OutboxPage & { page: number };
const readPage = (query: Record<string, string>): Promise<ShownPage> =>
  outboxApi.list(query).then((page) => ({ ...page, page: Number(query.page) || 1 }));

const MAX_ID = 2_147_483_647;

/** The 郵件編號 of the address's `id`, when it is one. */
function idOf(search: string): number | undefined {
  const id = new URLSearchParams(search).get('id')?.trim() ?? '';
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= MAX_ID ? Number(id) : undefined;
}

/** The address of one e-mail, the list's filters and page kept so its way back shows the same list. */
function messageHref(filters: Filters, page: number, id: number): string {
  const query = new URLSearchParams(staffQuery(filters, FILTERS, page > 1 ? page : undefined));
  query.set('id', String(id));
  return staffHref('outbox', `?${query}`);
}

export function OutboxScreen() {
  const search = useRouterState({ select: (s) => s.location.searchStr });
  const id = idOf(search);
  const heading = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(id === undefined ? 'list' : `message ${id}`, heading);

  if (id === undefined) return <OutboxList heading={heading} />;
  const { filters, page } = staffQueryOf(search, FILTERS);
  return (
    <>
      <h1>{STAFF_PAGES.outbox.title}</h1>
      <p>
        <StaffLink href={staffListHref('outbox', filters, FILTERS, page)}>{TEXT.back}</StaffLink>
      </p>
      <h2 ref={heading} tabIndex={-1}>
        {TEXT.heading(id)}
      </h2>
      <MessageView key={id} id={id} />
    </>
  );
}

/**
 * Moving between the list and an e-mail in the page (a link, Back): the link followed is gone with the view
 * it was in, so the new view's heading takes the focus, as a screen reader then says where the person is.
 * A view opened with the page keeps the browser's start, and a focus put elsewhere is left alone.
 */
function useHeadingFocus(view: string, heading: RefObject<HTMLHeadingElement | null>) {
  const shown = useRef(view);
  const used = useRef(false);
  useEffect(() => {
    const mark = () => {
      used.current = true;
    };
    document.addEventListener('focusin', mark);
    return () => document.removeEventListener('focusin', mark);
  }, []);
  useEffect(() => {
    if (view === shown.current) return;
    shown.current = view;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (used.current && lost) heading.current?.focus();
  }, [view, heading]);
}

function OutboxList({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  const { filters, answer, failure, retry, reading, go } = useStaffList('outbox', FILTERS, readPage);

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {STAFF_PAGES.outbox.title}
      </h1>
      <p className="staff-intro">{TEXT.intro}</p>
      {failure && <StaffFailure message={failure.message} retry={failure.retry ? retry : undefined} />}
      {!failure && reading && <StaffReading what={TEXT.messages} />}
      {answer && (
        <>
          <StateCounts counts={answer.counts} filters={filters} />
          <MessageList page={answer} filters={filters} onPage={(to) => go(filters, to)} />
        </>
      )}
    </>
  );
}

/** How many e-mails each state holds, each a link that lists them. */
function StateCounts({ counts, filters }: { counts: OutboxPage['counts']; filters: Filters }) {
  return (
    <>
      <StaffStatusCounts
        statuses={OUTBOX_STATES.map((state) => ({
          status: state,
          label: OUTBOX_STATE_LABELS[state],
          count: counts[state],
        }))}
        current={filters.state}
        hrefOf={(state) => staffListHref('outbox', { ...filters, state }, FILTERS, 1)}
      />
      <p className="form-hint">{TEXT.filterHint}</p>
    </>
  );
}

/** A text that may hold one long word (an address, a mail server's answer): it wraps anywhere. */
const wrapped = (text: string) => <span className="staff-wrap">{text}</span>;
/** A short text kept on one line: a state word, a count. */
const whole = (text: string) => <span className="staff-nowrap">{text}</span>;

function MessageList({
  page,
  filters,
  onPage,
}: {
  page: ShownPage;
  filters: Filters;
  onPage: (page: number) => void;
}) {
  const headingId = useId();
  const pages = pageCountOf(page.total, OUTBOX_PAGE_SIZE);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.messages}</h2>
      <p data-testid="outbox-count">{pageCountText(page.total, page.page, pages)}</p>
      {page.entries.length === 0 ? (
        <p>{TEXT.none}</p>
      ) : (
        <>
          <p className="form-hint">{TEXT.order}</p>
          <StaffTable
            labelledBy={headingId}
            rows={page.entries}
            rowKey={(entry) => String(entry.id)}
            rowHeader={{
              header: TEXT.id,
              cell: (entry) => (
                <StaffLink href={messageHref(filters, page.page, entry.id)}>{entry.id}</StaffLink>
              ),
            }}
            columns={[
              { header: TEXT.state, cell: (entry: OutboxEntry) => whole(OUTBOX_STATE_LABELS[entry.state]) },
              { header: TEXT.recipient, cell: (entry) => wrapped(recipientOf(entry)) },
              { header: TEXT.subject, cell: (entry) => wrapped(entry.subject) },
              { header: TEXT.createdAt, cell: (entry) => formatTaipeiSecond(entry.createdAt) },
              { header: TEXT.attempts, cell: (entry) => whole(TEXT.times(entry.attempts)) },
              { header: TEXT.delivery, cell: (entry) => wrapped(deliveryNote(entry)) },
            ]}
          />
        </>
      )}
      <StaffPager page={page.page} pages={pages} onPage={onPage} />
    </section>
  );
}
