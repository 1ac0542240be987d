import { Link } from '@tanstack/react-router';
import { ScreenPage } from '../../components/screen-page';
import { TableScroll } from '../../components/table-scroll';
import { headingOf } from '../../domain/screens';

/** The three insurances a company's staff hold, compared row by row. */
const COMPARISON = [
  ['辦理者', '勞動部勞工保險局', '衛生福利部中央健康保險署', '保險公司'],
  ['是否強制', '依法強制（5 人以上事業單位）', '全民強制', '企業自願投保'],
  ['保費負擔', '雇主、勞工與政府依比例分擔', '雇主、被保險人與政府依比例分擔', '要保單位負擔，或與員工分擔'],
  [
    '保障內容',
    '生育、傷病、失能、老年、死亡與職業災害給付',
    '門診、住院等醫療服務',
    '壽險、傷害、醫療、重大疾病等，由企業選擇',
  ],
  [
    '給付方式',
    '依投保薪資與法定標準計算',
    '以醫療服務給付，自付額與自費項目不給付',
    '依約定保額給付，可補足社會保險的不足',
  ],
] as const;

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '團體保險是由雇主或團體擔任要保單位，以一張保險契約為員工或成員投保的保險。';

/** 團保基本知識 (ODGAF090): what group insurance is, who it covers, how it differs and how it is taxed. */
export default function BasicKnowledge() {
  return (
    <ScreenPage heading={headingOf('ODGAF090')} lead={lead}>
      <section aria-labelledby="what">
        <h2 id="what">什麼是團體保險</h2>
        <p>
          團體保險以團體為單位投保：公司擔任要保單位，員工為被保險人，一張保單保障全體成員。員工不必個別填寫要保書，一般也不需體檢；保費依團體的年齡結構、職業類別與人數計算，較個人保險經濟。
        </p>
        <p>保險期間通常為一年，期滿時依人數變動與理賠經驗續保。</p>
      </section>

      <section aria-labelledby="who">
        <h2 id="who">誰可以投保</h2>
        <ul>
          <li>團體至少須有 5 人，且不是為了購買保險而組成。</li>
          <li>
            可投保的團體：有一定雇主的員工團體（公司、行號、機關、學校），依法成立的合作社、協會、職業工會，以及其他非以投保為目的而組成的團體。
          </li>
          <li>被保險人為團體成員；依方案可加保配偶、子女（出生滿 15 日起）與父母。</li>
          <li>
            投保年齡依各項保障而定，一般為 15 至 65 或 70 歲。依保險法第107條，未滿 15
            歲者的身故保險金有所限制，因此子女僅能加保醫療類保障。
          </li>
        </ul>
      </section>

      <section aria-labelledby="compare">
        <h2 id="compare">與勞保、健保有什麼不同</h2>
        <TableScroll label="團體保險、勞工保險與全民健康保險比較">
          <table className="data-table">
            <caption>團體保險、勞工保險與全民健康保險比較</caption>
            <thead>
              <tr>
                <th scope="col">項目</th>
                <th scope="col">勞工保險</th>
                <th scope="col">全民健康保險</th>
                <th scope="col">團體保險</th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map(([item, labor, health, group]) => (
                <tr key={item}>
                  <th scope="row">{item}</th>
                  <td>{labor}</td>
                  <td>{health}</td>
                  <td>{group}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <p>
          勞保與健保是國家的社會保險，給付有一定標準；團體保險由企業自選保障與保額，用來補足社會保險的缺口。
        </p>
      </section>

      <section aria-labelledby="why">
        <h2 id="why">企業為什麼投保</h2>
        <ul>
          <li>照顧員工與家人，是留才與招募時具體的福利。</li>
          <li>
            分擔雇主責任：依勞動基準法第59條，勞工因職業災害死亡時，雇主須給付 5 個月平均工資的喪葬費及 40
            個月平均工資的死亡補償；團體職業災害補償保險可以分擔這筆補償。
          </li>
          <li>以團體費率投保，同樣的保障，保費較個人分別投保經濟。</li>
        </ul>
      </section>

      <section aria-labelledby="tax">
        <h2 id="tax">稅務處理</h2>
        <ul>
          <li>營利事業以公司為要保人、員工為被保險人所支付的團體保險費，可列為公司費用。</li>
          <li>
            公司負擔的保險費，每人每月新臺幣2,000元以內的部分，免視為員工的薪資所得；超過的部分應轉列員工薪資。
          </li>
          <li>實際認定以稅捐稽徵機關的規定為準，個別情況請洽詢您的會計師。</li>
        </ul>
      </section>

      <section aria-labelledby="next">
        <h2 id="next">下一步</h2>
        <ul className="link-list">
          <li>
            <Link to="/tryout/STEP1">保費試算</Link>：輸入人數與年齡，立即看到各繳別的保費。
          </li>
          <li>
            <Link to="/product/optionpackage">保障方案</Link>：比較本公司規劃好的方案內容。
          </li>
          <li>
            <Link to="/question">常見問題</Link>：投保資格、保費與理賠的常見疑問。
          </li>
        </ul>
      </section>
    </ScreenPage>
  );
}
