import type { ShownRecord, ShownRosterEntry } from '../domain/api/overprint';
import { industryLabel } from '../domain/industry';
import { formatMoney } from '../domain/money';
import { occupationLabel } from '../domain/occupation';
import { formatRoc } from '../domain/roc-date';
import { SummaryGroup, SummaryRow } from './summary-group';
import { TableScroll } from './table-scroll';

const phoneText = ({ phone, phoneExt }: ShownRecord['contact']) =>
  phone ? `${phone}${phoneExt ? ` 分機 ${phoneExt}` : ''}` : '未填寫';

/**
 * An application as its documents print it, read-only (the overprint's STEP3, the staff's case); the
 * roster, when asked for, with its ID numbers and birth dates as the record holds them (ID numbers masked
 * on screen; birth dates hidden from whom may not see the roster whole).
 */
export function ApplicationRecordView({ record, withRoster }: { record: ShownRecord; withRoster: boolean }) {
  const { company, contact, plan } = record;
  return (
    <div className="application-record">
      <SummaryGroup title="要保單位">
        <SummaryRow term="名稱">{company.name}</SummaryRow>
        <SummaryRow term="統一編號">{company.taxId}</SummaryRow>
        <SummaryRow term="負責人">{company.representative}</SummaryRow>
        <SummaryRow term="行業類別">{industryLabel(company.industry)}</SummaryRow>
        <SummaryRow term="地址">{`${company.city}${company.district}${company.street}`}</SummaryRow>
      </SummaryGroup>
      <SummaryGroup title="聯絡人">
        <SummaryRow term="姓名">{`${contact.name}（${contact.title}）`}</SummaryRow>
        <SummaryRow term="手機">{contact.mobile ?? '未填寫'}</SummaryRow>
        <SummaryRow term="市話">{phoneText(contact)}</SummaryRow>
        <SummaryRow term="電子郵件">{contact.email}</SummaryRow>
      </SummaryGroup>
      <SummaryGroup title="投保內容">
        <SummaryRow term="投保人數">{`${plan.headcount} 人`}</SummaryRow>
        <SummaryRow term="職業類別">{occupationLabel(plan.occupationClass)}</SummaryRow>
        <SummaryRow term="平均年齡">{`${plan.averageAge} 歲`}</SummaryRow>
        {plan.averageSalary !== null && (
          <SummaryRow term="平均月薪">{formatMoney(plan.averageSalary)}</SummaryRow>
        )}
        <SummaryRow term="投保始期">{formatRoc(plan.startDate, 'chinese')}</SummaryRow>
        <SummaryRow term="被保險人年齡">{`${plan.ageMin} 至 ${plan.ageMax} 歲`}</SummaryRow>
      </SummaryGroup>
      <TableScroll label="投保項目與保費">
        <table className="data-table">
          <caption>投保項目與保費</caption>
          <thead>
            <tr>
              <th scope="col">項目</th>
              <th scope="col">保障內容</th>
              <th scope="col">年繳保費</th>
            </tr>
          </thead>
          <tbody>
            {record.items.map((item) => (
              <tr key={item.title}>
                <th scope="row">{item.title}</th>
                <td>
                  {item.lines
                    .map((line) =>
                      line.salaryMultiple === null
                        ? `${line.prodName} ${formatMoney(line.sumInsured)}`
                        : `${line.prodName} 月薪 ${line.salaryMultiple} 倍`,
                    )
                    .join('、')}
                </td>
                <td className="number">{formatMoney(item.annual)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                合計（每人每月約 {formatMoney(record.premium.monthlyPerPerson)}）
              </th>
              <td className="number">{formatMoney(record.premium.annual)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      {withRoster && (
        <RosterTable
          label="被保險人名冊"
          roster={record.roster}
          caption={`被保險人名冊（共 ${record.roster.length} 人；身分證字號於畫面上隱藏部分，列印時完整呈現）`}
        />
      )}
    </div>
  );
}

/** What a birth date the reader may not see reads as. */
export const HIDDEN_BIRTH_DATE = '不顯示';

/**
 * A roster as a table: name, ID number (as given: masked or whole), birth date (or 不顯示 where the reader
 * may not see it), gender, occupation class.
 */
export function RosterTable({
  roster,
  caption,
  label,
}: {
  roster: readonly ShownRosterEntry[];
  caption: string;
  label: string;
}) {
  return (
    <TableScroll label={label}>
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">姓名</th>
            <th scope="col">身分證字號</th>
            <th scope="col">出生日期</th>
            <th scope="col">性別</th>
            <th scope="col">職業類別</th>
          </tr>
        </thead>
        <tbody>
          {roster.map((row) => (
            <tr key={row.rowNo}>
              <th scope="row">{row.name}</th>
              <td>{row.personId}</td>
              <td>{row.birthDate === null ? HIDDEN_BIRTH_DATE : formatRoc(row.birthDate, 'slash')}</td>
              <td>{row.gender === 'M' ? '男' : '女'}</td>
              <td>{`第 ${row.occupationClass} 類`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
