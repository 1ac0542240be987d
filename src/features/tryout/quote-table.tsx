import { TableScroll } from '../../components/table-scroll';
import type { QuotedLine, TryoutQuote } from '../../domain/api/tryout';
import { formatMoney, formatMoneyExact } from '../../domain/money';
import type { PaymentMode } from '../../domain/pricing';

const MODES: ReadonlyArray<[PaymentMode, string]> = [
  ['annual', '年繳'],
  ['semiAnnual', '半年繳'],
  ['quarterly', '季繳'],
  ['monthly', '月繳'],
];

/** A line's cover per person: 「100萬」, 「日額 1,000元」, 「月投保薪資 × 45：132.75萬」. */
function coverOf(line: QuotedLine): string {
  const amount = line.daily ? `日額 ${formatMoney(line.sumInsured)}` : formatMoney(line.sumInsured);
  return line.salaryMultiple === null ? amount : `月薪 × ${line.salaryMultiple}：${amount}`;
}

/** STEP3's quote: each product and the whole, in every payment mode and per person per month. */
export function QuoteTable({ quote }: { quote: Extract<TryoutQuote, { kind: 'quoted' }> }) {
  return (
    <TableScroll label="試算結果">
      <table className="data-table quote-table">
        <caption>{quote.headcount} 人團體保費（新臺幣）</caption>
        <thead>
          <tr>
            <th scope="col">保障</th>
            <th scope="col">每人保額</th>
            {MODES.map(([mode, label]) => (
              <th key={mode} scope="col">
                {label}
              </th>
            ))}
            <th scope="col">每人每月</th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line) => (
            <tr key={line.PROD_ID}>
              <th scope="row">{line.PROD_NAME}</th>
              <td>{coverOf(line)}</td>
              {MODES.map(([mode]) => (
                <td key={mode}>{formatMoneyExact(line.premiums[mode])}</td>
              ))}
              <td>{formatMoneyExact(line.monthlyPerPerson)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">合計</th>
            <td />
            {MODES.map(([mode]) => (
              <td key={mode}>{formatMoneyExact(quote.total.premiums[mode])}</td>
            ))}
            <td>{formatMoneyExact(quote.total.monthlyPerPerson)}</td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
