/**
 * The operator's legal particulars shown in the footer and about pages (docs/domain.md §1.4). The values are
 * this deployment's; an insurer putting the site live replaces them here, in one place.
 */
export const INSURER = {
  name: '晴川人壽保險股份有限公司',
  shortName: '晴川人壽',
  taxId: '12345675',
  address: '臺北市信義區松仁路100號',
  serviceLine: '0800-012-345',
  complaintLine: '0800-012-345 轉 9',
  serviceHours: '週一至週五 09:00–18:00（國定假日除外）',
  email: 'service@example.com.tw',
} as const;

/** Outside links every insurer's site must carry (regulator, industry self-regulation, ombudsman). */
export const REGULATORY_LINKS = [
  { label: '金融監督管理委員會', href: 'https://www.fsc.gov.tw/' },
  { label: '保險業經營電子商務自律規範', href: 'https://law.lia-roc.org.tw/' },
  { label: '財團法人金融消費評議中心', href: 'https://www.foi.org.tw/' },
] as const;
