import { useRouter, useRouterState } from '@tanstack/react-router';
import { Form, Formik } from 'formik';
import { useEffect, useId, useState } from 'react';
import { FormField } from '../../components/form-field';
import { FormSelect } from '../../components/form-select';
import { StaffLink } from '../../components/staff-link';
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
import { RETURN_CODE } from '../../domain/envelope';
import { formatRoc, formatTaipeiSecond } from '../../domain/roc-date';
import { STAFF_PAGES, staffHref } from '../../domain/staff-pages';
import { ApiFailure } from '../../lib/api-client';
import { failureMessage } from '../../lib/staff-api';
import { type StaffFilters, staffListHref, staffQuery, staffQueryOf } from '../../lib/staff-query';
import { inboxApi } from './inbox-api';
import { MessageView } from './message-view';

/*
 * 聯絡訊息 (service, docs/specification.md §6): the contact messages, the longest waiting first, a page at a
 * time from the server, filtered by status, 處理人員, quote requests only and received Taipei days, with the
 * count of each status; a quote request from the tryout is marked 報價需求 with the cover and head count priced. The
 * filters and the page are the address's query; `?no=` a 案件編號 opens that message instead.
 */

const TEXT = {
  filters: '篩選',
  status: '狀態',
  any: '全部',
  assignee: '處理人員',
  assigneeHint: '處理人員的帳號',
  quoteOnly: '報價需求',
  quoteOnlyOption: '僅報價需求',
  receivedFrom: '收件起日',
  receivedTo: '收件迄日',
  search: '查詢',
  clear: '清除條件',
  counts: '各狀態件數',
  statusCount: (status: string, count: number) => `${status} ${count} 件`,
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
const NO_FILTERS: Filters = { status: '', assignee: '', quoteOnly: '', receivedFrom: '', receivedTo: '' };

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
  return <InboxList search={search} />;
}

/** A refused read: its message, and whether another try may help (not for a query the server refuses). */
interface Failure {
  message: string;
  retry: boolean;
}

function InboxList({ search }: { search: string }) {
  const router = useRouter();
  const { filters, page } = staffQueryOf(search, FILTERS);
  const [answer, setAnswer] = useState<{ search: string; page: ContactInboxPage } | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is read again when the address's query changes, or on 再試一次
  useEffect(() => {
    let current = true;
    setFailure(null);
    inboxApi.list(staffQuery(filters, FILTERS, page)).then(
      (read) => current && setAnswer({ search, page: read }),
      (error: unknown) =>
        current &&
        setFailure({
          message: failureMessage(error),
          retry: !(error instanceof ApiFailure && error.returnCode === RETURN_CODE.badInput),
        }),
    );
    return () => {
      current = false;
    };
  }, [search, attempt]);

  const go = (next: Filters, to: number) => router.history.push(staffListHref('contacts', next, FILTERS, to));
  const reading = answer?.search !== search;

  return (
    <>
      <h1>{STAFF_PAGES.contacts.title}</h1>
      <InboxFilters filters={filters} onSearch={(next) => go(next, 1)} />
      {failure && (
        <StaffFailure
          message={failure.message}
          retry={failure.retry ? () => setAttempt((n) => n + 1) : undefined}
        />
      )}
      {!failure && reading && <StaffReading what={TEXT.messages} />}
      {answer && (
        <>
          <StatusCounts counts={answer.page.counts} filters={filters} />
          <MessageList page={answer.page} onPage={(to) => go(filters, to)} />
        </>
      )}
    </>
  );
}

function InboxFilters({ filters, onSearch }: { filters: Filters; onSearch: (filters: Filters) => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="staff-filters">
      <h2 id={headingId}>{TEXT.filters}</h2>
      <Formik
        initialValues={filters}
        enableReinitialize
        validationSchema={contactInboxQuerySchema}
        validateOnBlur
        validateOnChange={false}
        onSubmit={(values) => {
          const cast = contactInboxQuerySchema.cast(values);
          const text = (value: string | boolean | undefined) => (value ? String(value) : '');
          onSearch({
            status: text(cast.status),
            assignee: text(cast.assignee),
            quoteOnly: text(cast.quoteOnly),
            receivedFrom: text(cast.receivedFrom),
            receivedTo: text(cast.receivedTo),
          });
        }}
      >
        {({ resetForm }) => (
          <Form noValidate className="staff-filter-form">
            <FormSelect name="status" label={TEXT.status} options={STATUS_OPTIONS} placeholder={TEXT.any} />
            <FormField
              name="assignee"
              label={TEXT.assignee}
              hint={TEXT.assigneeHint}
              autoComplete="off"
              spellCheck={false}
            />
            <FormSelect
              name="quoteOnly"
              label={TEXT.quoteOnly}
              options={QUOTE_OPTIONS}
              placeholder={TEXT.any}
            />
            <FormField name="receivedFrom" label={TEXT.receivedFrom} type="date" />
            <FormField name="receivedTo" label={TEXT.receivedTo} type="date" />
            <div className="form-actions">
              <button type="submit" className="button primary">
                {TEXT.search}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  resetForm({ values: NO_FILTERS });
                  onSearch(NO_FILTERS);
                }}
              >
                {TEXT.clear}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}

/** How many messages each status holds under the other filters, each a link that shows them. */
function StatusCounts({ counts, filters }: { counts: ContactInboxPage['counts']; filters: Filters }) {
  const headingId = useId();
  const total = CONTACT_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  const choices = [
    { status: '', label: TEXT.any, count: total },
    ...CONTACT_STATUSES.map((status) => ({
      status,
      label: CONTACT_STATUS_LABELS[status],
      count: counts[status],
    })),
  ];
  return (
    <section aria-labelledby={headingId} className="staff-counts">
      <h2 id={headingId}>{TEXT.counts}</h2>
      <ul>
        {choices.map(({ status, label, count }) => (
          <li key={label}>
            <StaffLink
              href={staffListHref('contacts', { ...filters, status }, FILTERS, 1)}
              aria-current={filters.status === status ? 'true' : undefined}
            >
              {TEXT.statusCount(label, count)}
            </StaffLink>
          </li>
        ))}
      </ul>
    </section>
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
