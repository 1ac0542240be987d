import { useRouterState } from '@tanstack/react-router';
import { useId } from 'react';
import { FormField } from '../../components/form-field';
import { FormSelect } from '../../components/form-select';
import { StaffLink } from '../../components/staff-link';
import { StaffListFilters, StaffStatusCounts } from '../../components/staff-list-filters';
import { pageCountOf, pageCountText, StaffPager } from '../../components/staff-pager';
import { StaffFailure, StaffReading } from '../../components/staff-states';
import { StaffTable } from '../../components/staff-table';
import { CONTACT_NO } from '../../domain/api/contact';
import {
  type ContactInboxPage,
  type ContactInboxRow,
  contactInboxQuerySchema,
} from '../../domain/api/contact-inbox';
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from '../../domain/contact-status';
import { contactTopicLabel } from '../../domain/contact-topics';
import { formatRoc, formatTaipeiSecond } from '../../domain/roc-date';
import { STAFF_PAGES, staffHref } from '../../domain/staff-pages';
import { type StaffFilters, staffListHref } from '../../lib/staff-query';
import { useStaffList } from '../../lib/use-staff-list';
import { inboxApi } from './inbox-api';
import { MessageView } from './message-view';

/*
 * 聯絡訊息 (service, docs/specification.md §6): the contact messages, the longest waiting first, a page at a
 * time from the server, filtered by status, 處理人員, quote requests only and received Taipei days, with the
 * count of each status; a quote request from the tryout is marked 報價需求 with the cover and head count priced. The
 * filters and the page are the address's query; `?no=` a 案件編號 opens that message instead.
 */

const TEXT = {
  status: '狀態',
  any: '全部',
  assignee: '處理人員',
  assigneeHint: '處理人員的帳號',
  quoteOnly: '報價需求',
  quoteOnlyOption: '僅報價需求',
  receivedFrom: '收件起日',
  receivedTo: '收件迄日',
  messages: '訊息列表',
  contactNo: '案件編號',
  topic: '洽詢主題',
  quote: (title: string, headcount: number) => `報價需求（${title}，${headcount} 人）`,
  sender: '公司／聯絡人',
  receivedAt: '收件時間',
  replyBy: '回覆期限',
  unassigned: '未指派',
  order: '依收件時間由早至晚排列。',
  none: '沒有符合條件的訊息。',
  back: '回到訊息列表',
} as const;

const FILTERS = ['status', 'assignee', 'quoteOnly', 'receivedFrom', 'receivedTo'] as const;
type Filters = StaffFilters<(typeof FILTERS)[number]>;

const STATUS_OPTIONS = CONTACT_STATUSES.map((status) => ({
  value: status,
  label: CONTACT_STATUS_LABELS[status],
}));
const QUOTE_OPTIONS = [{ value: 'true', label: TEXT.quoteOnlyOption }];

/** The 案件編號 of the address's `no`, upper-cased, when it is one. */
function numberOf(search: string): string | undefined {
  const no = new URLSearchParams(search).get('no')?.trim().toUpperCase();
  return no && CONTACT_NO.test(no) ? no : undefined;
}

export function InboxScreen() {
  const search = useRouterState({ select: (s) => s.location.searchStr });
  const contactNo = numberOf(search);
  if (contactNo)
    return (
      <>
        <h1>{STAFF_PAGES.contacts.title}</h1>
        <p>
          <StaffLink href={staffHref('contacts')}>{TEXT.back}</StaffLink>
        </p>
        <MessageView key={contactNo} contactNo={contactNo} />
      </>
    );
  return <InboxList />;
}

function InboxList() {
  const { filters, answer, failure, retry, reading, go } = useStaffList('contacts', FILTERS, inboxApi.list);

  return (
    <>
      <h1>{STAFF_PAGES.contacts.title}</h1>
      <InboxFilters filters={filters} onSearch={(next) => go(next, 1)} />
      {failure && <StaffFailure message={failure.message} retry={failure.retry ? retry : undefined} />}
      {!failure && reading && <StaffReading what={TEXT.messages} />}
      {answer && (
        <>
          <StatusCounts counts={answer.counts} filters={filters} />
          <MessageList page={answer} onPage={(to) => go(filters, to)} />
        </>
      )}
    </>
  );
}

function InboxFilters({ filters, onSearch }: { filters: Filters; onSearch: (filters: Filters) => void }) {
  return (
    <StaffListFilters
      keys={FILTERS}
      filters={filters}
      schema={contactInboxQuerySchema}
      onSearch={onSearch}
      more={{ keys: MORE_FILTERS, fields: <MoreFilters /> }}
    >
      <FormField name="receivedFrom" label={TEXT.receivedFrom} type="date" />
      <FormField name="receivedTo" label={TEXT.receivedTo} type="date" />
      <FormSelect name="status" label={TEXT.status} options={STATUS_OPTIONS} placeholder={TEXT.any} />
    </StaffListFilters>
  );
}

/** The filters behind 更多條件: 處理人員 and quote requests only. */
const MORE_FILTERS = ['assignee', 'quoteOnly'] as const;
function MoreFilters() {
  return (
    <>
      <FormField
        name="assignee"
        label={TEXT.assignee}
        hint={TEXT.assigneeHint}
        autoComplete="off"
        spellCheck={false}
      />
      <FormSelect name="quoteOnly" label={TEXT.quoteOnly} options={QUOTE_OPTIONS} placeholder={TEXT.any} />
    </>
  );
}

/** How many each status holds under the other filters, each a link that shows them. */
function StatusCounts({ counts, filters }: { counts: ContactInboxPage['counts']; filters: Filters }) {
  return (
    <StaffStatusCounts
      statuses={CONTACT_STATUSES.map((status) => ({
        status,
        label: CONTACT_STATUS_LABELS[status],
        count: counts[status],
      }))}
      current={filters.status}
      hrefOf={(status) => staffListHref('contacts', { ...filters, status }, FILTERS, 1)}
    />
  );
}

function MessageList({ page, onPage }: { page: ContactInboxPage; onPage: (page: number) => void }) {
  const headingId = useId();
  const pages = pageCountOf(page.total, page.pageSize);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.messages}</h2>
      <p data-testid="inbox-count">{pageCountText(page.total, page.page, pages)}</p>
      {page.messages.length === 0 ? (
        <p>{TEXT.none}</p>
      ) : (
        <>
          <p className="form-hint">{TEXT.order}</p>
          <StaffTable
            labelledBy={headingId}
            rows={page.messages}
            rowKey={(row) => row.contactNo}
            rowHeader={{
              header: TEXT.contactNo,
              cell: (row) => (
                <StaffLink href={staffHref('contacts', `?no=${row.contactNo}`)}>{row.contactNo}</StaffLink>
              ),
            }}
            columns={[
              { header: TEXT.status, cell: (row: ContactInboxRow) => CONTACT_STATUS_LABELS[row.status] },
              {
                header: TEXT.topic,
                cell: (row) => (
                  <>
                    {contactTopicLabel(row.topic)}
                    {row.quoteHeadcount !== null && (
                      <>
                        {' '}
                        <strong className="staff-mark">
                          {TEXT.quote(row.quoteTitle ?? '', row.quoteHeadcount)}
                        </strong>
                      </>
                    )}
                  </>
                ),
              },
              { header: TEXT.sender, cell: (row) => `${row.companyName}／${row.name}` },
              { header: TEXT.receivedAt, cell: (row) => formatTaipeiSecond(row.receivedAt) },
              { header: TEXT.replyBy, cell: (row) => formatRoc(row.replyBy, 'slash') },
              { header: TEXT.assignee, cell: (row) => row.assignee ?? TEXT.unassigned },
            ]}
          />
        </>
      )}
      <StaffPager page={page.page} pages={pages} onPage={onPage} />
    </section>
  );
}
