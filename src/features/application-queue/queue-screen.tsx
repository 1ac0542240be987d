import { useRouter, useRouterState } from '@tanstack/react-router';
import { Form, Formik } from 'formik';
import { useEffect, useId, useState } from 'react';
import { FormField } from '../../components/form-field';
import { FormSelect } from '../../components/form-select';
import { StaffLink } from '../../components/staff-link';
import { pageCountOf, pageCountText, StaffPager } from '../../components/staff-pager';
import { StaffFailure, StaffReading } from '../../components/staff-states';
import { StaffTable } from '../../components/staff-table';
import {
  applicationQueueSchema,
  QUEUE_EXPORT_MAX,
  type QueuePage,
  type QueueRow,
} from '../../domain/api/application-queue';
import { APPLICATION_STATUSES } from '../../domain/application-status';
import { RETURN_CODE } from '../../domain/envelope';
import { INDUSTRIES, industryLabel } from '../../domain/industry';
import { formatTaipeiSecond } from '../../domain/roc-date';
import { STAFF_PAGES, staffHref } from '../../domain/staff-pages';
import { waitedText } from '../../domain/waited';
import { ApiFailure } from '../../lib/api-client';
import { failureMessage } from '../../lib/staff-api';
import { type StaffFilters, staffListHref, staffQuery, staffQueryOf } from '../../lib/staff-query';
import { queueApi } from './queue-api';

/*
 * 申請案件 (underwriter, docs/specification.md §6): the applications, the longest waiting first, a page at a
 * time from the server, filtered by status, 受理 days, 投保人數 and industry and searched by 受理編號, 統一編號
 * or company name, with the count of each status; the filtered list as a CSV file. The filters and the page
 * are the address's query, so a reload, Back or a shared link shows the same.
 */

const TEXT = {
  filters: '篩選',
  status: '案件狀態',
  any: '全部',
  from: '受理起日',
  to: '受理迄日',
  headcountMin: '投保人數下限',
  headcountMax: '投保人數上限',
  industry: '行業類別',
  q: '搜尋',
  qHint: '受理編號、統一編號或公司名稱',
  search: '查詢',
  clear: '清除條件',
  counts: '各狀態件數',
  statusCount: (status: string, count: number) => `${status} ${count} 件`,
  applications: '案件列表',
  export: '匯出 CSV',
  exportHint: '匯出目前條件下的全部案件（不分頁），不含名冊的身分證字號與出生日期。',
  exportTooMany: (max: number) => `超過 ${max} 筆無法一次匯出，請先以條件縮小範圍。`,
  applicationNo: '受理編號',
  companyName: '要保單位名稱',
  taxId: '統一編號',
  headcount: '投保人數',
  people: (count: number) => `${count} 人`,
  createdAt: '受理時間',
  waited: '已等候',
  waitedHint: '依等候時間由長至短排列。等候自受理起算，待補件的案件自通知補件起算。',
  none: '沒有符合條件的案件。',
} as const;

const FILTERS = ['status', 'from', 'to', 'headcountMin', 'headcountMax', 'industry', 'q'] as const;
type Filters = StaffFilters<(typeof FILTERS)[number]>;
const NO_FILTERS: Filters = {
  status: '',
  from: '',
  to: '',
  headcountMin: '',
  headcountMax: '',
  industry: '',
  q: '',
};

const STATUS_OPTIONS = APPLICATION_STATUSES.map((status) => ({ value: status, label: status }));
const INDUSTRY_OPTIONS = INDUSTRIES.map(({ value, label }) => ({ value, label }));

/** A refused read: its message, and whether another try may help (not for a query the server refuses). */
interface Failure {
  message: string;
  retry: boolean;
}

export function QueueScreen() {
  const router = useRouter();
  const search = useRouterState({ select: (s) => s.location.searchStr });
  const { filters, page } = staffQueryOf(search, FILTERS);
  const [answer, setAnswer] = useState<{ search: string; page: QueuePage } | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the queue is read again when the address's query changes, or on 再試一次
  useEffect(() => {
    let current = true;
    setFailure(null);
    queueApi.read(staffQuery(filters, FILTERS, page)).then(
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

  const go = (next: Filters, to: number) =>
    router.history.push(staffListHref('applications', next, FILTERS, to));
  // the page shown stays while the next is read, so the control that asked for it keeps its focus
  const reading = answer?.search !== search;

  return (
    <>
      <h1>{STAFF_PAGES.applications.title}</h1>
      <QueueFilters filters={filters} onSearch={(next) => go(next, 1)} />
      {failure && (
        <StaffFailure
          message={failure.message}
          retry={failure.retry ? () => setAttempt((n) => n + 1) : undefined}
        />
      )}
      {!failure && reading && <StaffReading what={TEXT.applications} />}
      {answer && (
        <>
          <StatusCounts counts={answer.page.counts} filters={filters} />
          <QueueList
            page={answer.page}
            exportHref={queueApi.exportHref(staffQuery(filters, FILTERS))}
            onPage={(to) => go(filters, to)}
          />
        </>
      )}
    </>
  );
}

function QueueFilters({ filters, onSearch }: { filters: Filters; onSearch: (filters: Filters) => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="staff-filters">
      <h2 id={headingId}>{TEXT.filters}</h2>
      <Formik
        initialValues={filters}
        enableReinitialize
        validationSchema={applicationQueueSchema}
        validateOnBlur
        validateOnChange={false}
        onSubmit={(values) => {
          const cast = applicationQueueSchema.cast(values);
          const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));
          onSearch({
            status: text(cast.status),
            from: text(cast.from),
            to: text(cast.to),
            headcountMin: text(cast.headcountMin),
            headcountMax: text(cast.headcountMax),
            industry: text(cast.industry),
            q: text(cast.q),
          });
        }}
      >
        {({ resetForm }) => (
          <Form noValidate className="staff-filter-form">
            <FormSelect name="status" label={TEXT.status} options={STATUS_OPTIONS} placeholder={TEXT.any} />
            <FormField name="from" label={TEXT.from} type="date" />
            <FormField name="to" label={TEXT.to} type="date" />
            <FormField name="headcountMin" label={TEXT.headcountMin} inputMode="numeric" autoComplete="off" />
            <FormField name="headcountMax" label={TEXT.headcountMax} inputMode="numeric" autoComplete="off" />
            <FormSelect
              name="industry"
              label={TEXT.industry}
              options={INDUSTRY_OPTIONS}
              placeholder={TEXT.any}
            />
            <FormField
              name="q"
              label={TEXT.q}
              hint={TEXT.qHint}
              type="search"
              autoComplete="off"
              spellCheck={false}
            />
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

/**
 * How many applications each status holds under the other filters, each a link that shows them (全部: every
 * status). Real links, so a new tab works; in the page the staff's router follows them.
 */
function StatusCounts({ counts, filters }: { counts: QueuePage['counts']; filters: Filters }) {
  const headingId = useId();
  const total = APPLICATION_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  const choices = [
    { status: '', label: TEXT.any, count: total },
    ...APPLICATION_STATUSES.map((status) => ({ status, label: status, count: counts[status] })),
  ];
  return (
    <section aria-labelledby={headingId} className="staff-counts">
      <h2 id={headingId}>{TEXT.counts}</h2>
      <ul>
        {choices.map(({ status, label, count }) => (
          <li key={label}>
            <StaffLink
              href={staffListHref('applications', { ...filters, status }, FILTERS, 1)}
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

function QueueList({
  page,
  exportHref,
  onPage,
}: {
  page: QueuePage;
  exportHref: string;
  onPage: (page: number) => void;
}) {
  const headingId = useId();
  const pages = pageCountOf(page.total, page.pageSize);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.applications}</h2>
      <p data-testid="queue-count">{pageCountText(page.total, page.page, pages)}</p>
      <div className="staff-export">
        {page.total > QUEUE_EXPORT_MAX ? (
          <p>{TEXT.exportTooMany(QUEUE_EXPORT_MAX)}</p>
        ) : (
          <>
            <a className="button" href={exportHref} download>
              {TEXT.export}
            </a>
            <p className="form-hint">{TEXT.exportHint}</p>
          </>
        )}
      </div>
      {page.rows.length === 0 ? (
        <p>{TEXT.none}</p>
      ) : (
        <>
          <p className="form-hint">{TEXT.waitedHint}</p>
          <StaffTable
            labelledBy={headingId}
            rows={page.rows}
            rowKey={(row) => row.applicationNo}
            rowHeader={{
              header: TEXT.applicationNo,
              cell: (row) => (
                <StaffLink href={staffHref('case', `?no=${row.applicationNo}`)}>
                  {row.applicationNo}
                </StaffLink>
              ),
            }}
            columns={[
              { header: TEXT.companyName, cell: (row: QueueRow) => row.companyName },
              { header: TEXT.taxId, cell: (row) => row.taxId },
              { header: TEXT.status, cell: (row) => row.status },
              { header: TEXT.headcount, cell: (row) => TEXT.people(row.headcount) },
              { header: TEXT.industry, cell: (row) => industryLabel(row.industry) },
              { header: TEXT.createdAt, cell: (row) => formatTaipeiSecond(row.createdAt) },
              { header: TEXT.waited, cell: (row) => waitedText(row.waitingSince, page.asOf) },
            ]}
          />
        </>
      )}
      <StaffPager page={page.page} pages={pages} onPage={onPage} />
    </section>
  );
}
