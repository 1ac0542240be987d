import { Link } from '@tanstack/react-router';
import { ScreenPage } from '../../components/screen-page';
import { INSURER } from '../../domain/insurer';
import { headingOf } from '../../domain/screens';

/** What every claim needs, whatever happened. */
const COMMON_DOCUMENTS = [
  '理賠申請書（被保險人或受益人簽章）',
  '被保險人身分證明文件影本',
  '受款人的存摺封面影本',
];

/** What each kind of claim needs besides the common documents. */
const CLAIM_TYPES = [
  {
    name: '身故',
    documents: [
      '死亡證明書或相驗屍體證明書',
      '除戶後的戶籍謄本',
      '受益人的身分證明文件；未指定受益人時，法定繼承人的繼承系統表',
    ],
  },
  {
    name: '失能',
    documents: ['失能診斷書（依保單失能程度表填寫）', '相關的檢查報告，例如 X 光或肌電圖報告'],
  },
  {
    name: '住院醫療（實支實付、日額）',
    documents: [
      '診斷證明書（載明住院起迄日期）',
      '醫療費用收據；實支實付須正本，或醫院加蓋章戳的副本',
      '費用明細表',
    ],
  },
  {
    name: '傷害醫療',
    documents: ['診斷證明書', '醫療費用收據', '意外事故證明，例如道路交通事故當事人登記聯單或事故經過說明'],
  },
  {
    name: '癌症、重大疾病',
    documents: ['載明確診日期與病名的診斷證明書', '病理組織檢查報告或相關檢驗報告'],
  },
  {
    name: '職業災害',
    documents: [
      '診斷證明書或死亡證明書',
      '要保單位出具的職業災害證明或勞保職災給付核定通知',
      '月投保薪資證明（依薪資倍數計算保額時）',
    ],
  },
] as const;

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '發生保險事故時的理賠申請流程、應備文件與處理時程。';

/** 理賠服務 (ODGAF091): how a claim goes, what each kind needs, and the time limits. */
export default function Claim() {
  return (
    <ScreenPage heading={headingOf('ODGAF091')} lead={lead}>
      <section aria-labelledby="steps">
        <h2 id="steps">理賠流程</h2>
        <ol className="step-list">
          <li>
            <strong>事故發生</strong>：先就醫或處理事故，並保留診斷證明與收據。
          </li>
          <li>
            <strong>通知</strong>：儘早通知公司的團保承辦人，或撥本公司客服專線 {INSURER.serviceLine}。
          </li>
          <li>
            <strong>準備文件</strong>：依下方清單準備共同文件與該類事故的文件。
          </li>
          <li>
            <strong>送件</strong>：由被保險人自行寄送，或交公司承辦人彙整後送件。
          </li>
          <li>
            <strong>審核及調查</strong>：本公司審核文件，必要時經同意後調閱病歷或進行調查。
          </li>
          <li>
            <strong>核定</strong>：核定給付金額，並以書面或簡訊通知。
          </li>
          <li>
            <strong>給付</strong>：保險金匯入受款人帳戶。
          </li>
        </ol>
      </section>

      <section aria-labelledby="documents">
        <h2 id="documents">應備文件</h2>
        <p>每一件理賠都需要：</p>
        <ul>
          {COMMON_DOCUMENTS.map((doc) => (
            <li key={doc}>{doc}</li>
          ))}
        </ul>
        <p>另依事故種類檢附：</p>
        {CLAIM_TYPES.map((type) => (
          <details key={type.name} className="claim-type">
            <summary>{type.name}</summary>
            <ul>
              {type.documents.map((doc) => (
                <li key={doc}>{doc}</li>
              ))}
            </ul>
          </details>
        ))}
      </section>

      <section aria-labelledby="limits">
        <h2 id="limits">時效與處理時間</h2>
        <ul>
          <li>
            請求期限：依保險法第65條，保險金的請求權自得為請求之日起，經過 2 年不行使而消滅，請儘早申請。
          </li>
          <li>
            給付期限：依保險法第34條，本公司於收齊文件後 15 日內給付；逾期可歸責於本公司者，依法加計利息。
          </li>
          <li>需要調查的案件，本公司會主動告知處理進度與預計完成時間。</li>
        </ul>
      </section>

      <section aria-labelledby="ask">
        <h2 id="ask">理賠諮詢</h2>
        <p>
          免付費服務專線 <a href={`tel:${INSURER.serviceLine.replaceAll('-', '')}`}>{INSURER.serviceLine}</a>
          （{INSURER.serviceHours}），或
          <Link to="/contact" search={{ topic: 'claim' }}>
            線上留言
          </Link>
          ，客服人員將回覆您。
        </p>
        <p className="form-hint">以上為一般說明，實際理賠以保單條款為準。</p>
      </section>
    </ScreenPage>
  );
}
