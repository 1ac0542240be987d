import type { ShopcartContext } from '../../../machines/shopcart.context';
import { SummaryGroup, SummaryRow } from '../../components/summary-group';
import type { Cart } from '../../domain/cart-item';
import { industryLabel } from '../../domain/industry';
import { formatMoney } from '../../domain/money';
import { OCCUPATION_CLASSES } from '../../domain/occupation';
import { formatRoc } from '../../domain/roc-date';

const occupationLabel = (value: string | undefined) =>
  OCCUPATION_CLASSES.find((c) => c.value === value)?.label ?? value ?? '';

/** STEP3: everything entered, read-only, grouped, each group with its edit link. */
export function ApplicationSummary({
  context,
  cart,
  onEdit,
}: {
  context: ShopcartContext;
  cart: Cart;
  onEdit: (step: 1 | 2) => void;
}) {
  const { plan, applicant: a, roster } = context;
  if (!plan || !a) return null;
  return (
    <div className="application-summary">
      <SummaryGroup title="投保內容" onEdit={() => onEdit(1)}>
        {cart.CLASS_LIST.map((item) => (
          <SummaryRow key={item.CLASS_ID} term={item.CLASS_TITLE}>
            {item.PROD_LIST.map(
              (l) =>
                `${l.PROD_NAME} ${item.IS_SLRY_MLTPL === 'Y' && l.FACE_AMT === 1 ? '依月薪倍數' : formatMoney(l.FACE_AMT)}`,
            ).join('、')}
          </SummaryRow>
        ))}
        <SummaryRow term="職業類別">{occupationLabel(plan.occupationClass)}</SummaryRow>
        <SummaryRow term="平均年齡">{plan.averageAge} 歲</SummaryRow>
        {plan.averageSalary !== undefined && (
          <SummaryRow term="平均月薪">{formatMoney(plan.averageSalary)}</SummaryRow>
        )}
      </SummaryGroup>
      <SummaryGroup title="要保單位資料" onEdit={() => onEdit(2)}>
        <SummaryRow term="要保單位名稱">{a.companyName}</SummaryRow>
        <SummaryRow term="統一編號">{a.taxId}</SummaryRow>
        <SummaryRow term="負責人">{a.representative}</SummaryRow>
        <SummaryRow term="行業類別">{industryLabel(a.industry)}</SummaryRow>
        <SummaryRow term="地址">{`${a.city}${a.district}${a.street}`}</SummaryRow>
        <SummaryRow term="聯絡人">{`${a.contactName}（${a.contactTitle}）`}</SummaryRow>
        {a.mobile && <SummaryRow term="手機號碼">{a.mobile}</SummaryRow>}
        {a.phone && (
          <SummaryRow term="市話">{`${a.phone}${a.phoneExt ? ` 分機 ${a.phoneExt}` : ''}`}</SummaryRow>
        )}
        <SummaryRow term="電子郵件">{a.email}</SummaryRow>
      </SummaryGroup>
      <SummaryGroup title="投保條件" onEdit={() => onEdit(2)}>
        <SummaryRow term="投保人數">{a.headcount} 人</SummaryRow>
        {a.totalSalary !== undefined && <SummaryRow term="員工總月薪">{a.totalSalary} 萬元</SummaryRow>}
        {a.maxSalary !== undefined && <SummaryRow term="最高月薪">{a.maxSalary} 萬元</SummaryRow>}
        <SummaryRow term="投保始期">{formatRoc(a.startDate, 'chinese')}</SummaryRow>
        <SummaryRow term="被保險人年齡">{`${a.ageMin} 至 ${a.ageMax} 歲`}</SummaryRow>
        <SummaryRow term="被保險人名冊">
          {roster.length > 0 ? `已上傳 ${roster.length} 位` : '未上傳（可於送出後補送）'}
        </SummaryRow>
      </SummaryGroup>
    </div>
  );
}
