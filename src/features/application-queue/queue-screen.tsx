import { useId } from 'react';
import { FormField } from '../../components/form-field';
import { FormSelect } from '../../components/form-select';
import { StaffLink } from '../../components/staff-link';
import { StaffListFilters, StaffStatusCounts } from '../../components/staff-list-filters';
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
import { INDUSTRIES, industryLabel } from '../../domain/industry';
import { formatTaipeiSecond } from '../../domain/roc-date';
import { STAFF_PAGES, staffHref } from '../../domain/staff-pages';
import { waitedText } from '../../domain/waited';
import { type StaffFilters, staffListHref, staffQuery } from '../../lib/staff-query';
import { useStaffList } from '../../lib/use-staff-list';
import { queueApi } from './queue-api';

/*
 * 申請案件 (underwriter, docs/specification.md §6): the applications, the longest waiting first, a page at a
 * time from the server, filtered by status, 受理 days, 投保人數 and industry and searched by 受理編號, 統一編號
 * or company name, with the count of each status; the filtered list as a CSV file. The filters and the page
 * are the address's query, so a reload, Back or a shared link shows the same.
 */

const TEXT = {
  status: '案件狀態',
  any: '全部',
  from: '受理起日',
  to: '受理迄日',
  headcountMin: '投保人數下限',
  headcountMax: '投保人數上限',
  industry: '行業類別',
  q: '搜尋',
  qHint: '受理編號、統一編號或公司名稱',
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

const STATUS_OPTIONS = APPLICATION_STATUSES.map((status) => ({ value: status, label: status }));
const INDUSTRY_OPTIONS = INDUSTRIES.map(({ value, label }) => ({ value, label }));

export function QueueScreen() {
  const { filters, answer, failure, retry, reading, go } = useStaffList(
    'applications',
    FILTERS,
    queueApi.read,
  );

  return (
    <>
      <h1>{STAFF_PAGES.applications.title}</h1>
      <QueueFilters filters={filters} onSearch={(next) => go(next, 1)} />
      {failure && <StaffFailure message={failure.message} retry={failure.retry ? retry : undefined} />}
      {!failure && reading && <StaffReading what={TEXT.applications} />}
      {answer && (
        <>
          <StatusCounts counts={answer.counts} filters={filters} />
          <QueueList
            page={answer}
            exportHref={queueApi.exportHref(staffQuery(filters, FILTERS))}
            onPage={(to) => go(filters, to)}
          />
        </>
      )}
    </>
  );
}

function QueueFilters({ filters, onSearch }: { filters: Filters; onSearch: (filters: Filters) => void }) {
  return (
    <StaffListFilters
      keys={FILTERS}
      filters={filters}
      schema={applicationQueueSchema}
      onSearch={onSearch}
      more={{ keys: MORE_FILTERS, fields: <MoreFilters /> }}
    >
      <FormField name="from" label={TEXT.from} type="date" />
      <FormField name="to" label={TEXT.to} type="date" />
      <FormSelect name="status" label={TEXT.status} options={STATUS_OPTIONS} placeholder={TEXT.any} />
      <FormField
        name="q"
        label={TEXT.q}
        hint={TEXT.qHint}
        type="search"
        autoComplete="off"
        spellCheck={false}
      />
    </StaffListFilters>
  );
}

/** The filters behind 更多條件: 投保人數 and industry. */
const MORE_FILTERS = ['headcountMin', 'headcountMax', 'industry'] as const;
function MoreFilters() {
  return (
    <>
      <FormField name="headcountMin" label={TEXT.headcountMin} inputMode="numeric" autoComplete="off" />
      <FormField name="headcountMax" label={TEXT.headcountMax} inputMode="numeric" autoComplete="off" />
      <FormSelect name="industry" label={TEXT.industry} options={INDUSTRY_OPTIONS} placeholder={TEXT.any} />
    </>
  );
}

/** How many each status holds under the other filters, each a link that shows them. */
function StatusCounts({ counts, filters }: { counts: QueuePage['counts']; filters: Filters }) {
  return (
    <StaffStatusCounts
      statuses={APPLICATION_STATUSES.map((status) => ({ status, label: status, count: counts[status] }))}
      current={filters.status}
      hrefOf={(status) => staffListHref('applications', { ...filters, status }, FILTERS, 1)}
    />
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
