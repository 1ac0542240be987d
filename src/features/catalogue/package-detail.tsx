import { TableScroll } from '../../components/table-scroll';
import {
  agesLabel,
  fromPriceLabel,
  lineAmountLabel,
  riderNote,
  waitingLabel,
} from '../../domain/amount-label';
import type { CataloguePackage } from '../../domain/catalogue';
import { GROUP_SIZE } from '../../domain/pricing';

/** One package in full: what it is for, each product with its cover, ages and waiting period, and notes. */
export function PackageDetail({ pack }: { pack: CataloguePackage }) {
  const riders = pack.PROD_LIST.filter((line) => line.REQUIRES_PROD_NAME);
  const hasSalaryLines = pack.PROD_LIST.some((line) => line.BASIS === 'salary');
  return (
    <section aria-labelledby="package-name">
      <h2 id="package-name">{pack.PACK_NAME}</h2>
      <p className="lead">{pack.TAGLINE}</p>
      <p>{pack.DESCRIPTION}</p>
      <p>適合：{pack.AUDIENCE}</p>
      <p className="package-price">{fromPriceLabel(pack.FROM_MONTHLY_PER_PERSON)}</p>
      <TableScroll label={`${pack.PACK_NAME}保障內容`}>
        <table className="data-table">
          <caption>{pack.PACK_NAME}保障內容</caption>
          <thead>
            <tr>
              <th scope="col">保障項目</th>
              <th scope="col">保額</th>
              <th scope="col">投保年齡</th>
              <th scope="col">等待期</th>
            </tr>
          </thead>
          <tbody>
            {pack.PROD_LIST.map((line) => (
              <tr key={line.PROD_ID}>
                <th scope="row">{line.PROD_NAME}</th>
                <td>{lineAmountLabel(line)}</td>
                <td>{agesLabel(line)}</td>
                <td>{waitingLabel(line)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <h3>注意事項</h3>
      <ul>
        <li>
          團體須有 {GROUP_SIZE.min} 人以上的成員；{GROUP_SIZE.maxOnline + 1}{' '}
          人以上的團體費率由雙方洽訂，請洽專人報價。
        </li>
        <li>
          保費起價以最年輕年齡層、第 1 類職業、10–49 人的團體與月繳估算，實際保費依成員年齡與職業類別計算。
        </li>
        {hasSalaryLines && (
          <li>
            月薪倍數的保額依每位成員的月薪（職災補償依月投保薪資）計算，以上限為限；起價以最低投保薪資級距估算。
          </li>
        )}
        {riders.map((line) => (
          <li key={line.PROD_ID}>
            {line.PROD_NAME}為附加保障，{riderNote(line)}投保。
          </li>
        ))}
        {pack.PROD_LIST.some((line) => line.WAITING_DAYS > 0) && (
          <li>等待期內因疾病發生的保險事故不予給付；意外事故不受等待期限制。</li>
        )}
      </ul>
    </section>
  );
}
