import { AGE_BANDS, type TryoutGroup, type TryoutQuote } from '../../domain/api/tryout';
import { formatMoneyExact } from '../../domain/money';
import { OCCUPATION_CLASSES } from '../../domain/occupation';

/** What a quote assumes, said under it (and printed with it). */
export function QuoteAssumptions({
  quote,
  group,
}: {
  quote: Extract<TryoutQuote, { kind: 'quoted' }>;
  group: TryoutGroup;
}) {
  const occupation = OCCUPATION_CLASSES.find((c) => c.value === group.occupationClass)?.label ?? '';
  const ages =
    group.ageBasis === 'average'
      ? `平均年齡 ${group.averageAge} 歲`
      : AGE_BANDS.filter((b) => (group.ageBands?.[b.key] ?? 0) > 0)
          .map((b) => `${b.label} ${group.ageBands?.[b.key]} 人`)
          .join('、');
  const salary = group.salaryBasis === 'grade' ? group.salaryGrade : group.salaryAmount;
  const size = quote.sizeFactor === 1 ? '5–9 人，不打折' : `10–49 人，乘以團體人數係數 ${quote.sizeFactor}`;
  return (
    <section className="quote-assumptions" aria-labelledby="assumptions-heading">
      <h2 id="assumptions-heading">試算條件</h2>
      <ul>
        <li>
          投保人數 {quote.headcount} 人（{size}）：每人每年 {formatMoneyExact(quote.total.annualPerPerson)} ×{' '}
          {quote.headcount} 人{quote.sizeFactor === 1 ? '' : ` × ${quote.sizeFactor}`}，年繳{' '}
          {formatMoneyExact(quote.total.premiums.annual)}
        </li>
        <li>職業類別：{occupation}</li>
        <li>年齡：{ages}，以年齡層的平均保險費率計算</li>
        {salary !== undefined && (
          <li>月薪：{formatMoneyExact(salary)}，月薪倍數型保障的保額依此計算並以上限為限</li>
        )}
        <li>
          半年繳、季繳、月繳分別為年繳保費乘以
          0.52、0.262、0.088；各項與合計皆四捨五入至元，合計可能與各項加總相差 1 元
        </li>
        <li>本試算僅供參考，實際保費以本公司核保結果為準。</li>
      </ul>
    </section>
  );
}
