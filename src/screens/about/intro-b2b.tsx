import { Link } from '@tanstack/react-router';
import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '企業網路保險服務讓已投保的要保單位，由授權人員線上辦理加退保、名冊查詢與保險證列印。';

/** 企業網路保險服務 (ODGAF093): what the employer portal does and how an insured company gets access. */
export default function IntroB2b() {
  return (
    <ScreenPage heading={headingOf('ODGAF093')} lead={lead}>
      <section aria-labelledby="features">
        <h2 id="features">服務內容</h2>
        <ul>
          <li>
            <strong>被保險人名冊</strong>：隨時查詢、下載目前的被保險人名冊。
          </li>
          <li>
            <strong>線上加保、退保</strong>
            ：新進與離職員工線上送出，並指定生效日；送出後即鎖定，由本公司處理。
          </li>
          <li>
            <strong>保險證列印</strong>：列印或補印每位被保險人的保險證。
          </li>
          <li>
            <strong>理賠申請與進度</strong>：上傳理賠文件，查詢員工理賠案件的處理進度。
          </li>
          <li>
            <strong>保費帳單</strong>：查詢每期保費與加退保的保費調整明細。
          </li>
        </ul>
      </section>

      <section aria-labelledby="apply">
        <h2 id="apply">申請方式</h2>
        <p>
          本服務提供已向本公司投保團體保險的要保單位使用。要保單位須以書面提出申請，並指定授權人員；本公司確認授權後，為每位授權人員開通帳號。
        </p>
      </section>

      <section aria-labelledby="security">
        <h2 id="security">安全機制</h2>
        <ul>
          <li>每位授權人員各自一組帳號，不共用。</li>
          <li>登入時以簡訊或電子郵件一次性密碼（OTP）驗證。</li>
          <li>密碼連續錯誤 3 次即鎖定帳號。</li>
          <li>每一筆操作留有紀錄，要保單位可隨時查閱。</li>
        </ul>
      </section>

      <section aria-labelledby="onboarding">
        <h2 id="onboarding">導入流程</h2>
        <ol className="step-list">
          <li>
            <strong>簽約</strong>：填寫企業網路保險服務申請書，指定授權人員並用印。
          </li>
          <li>
            <strong>開通帳號</strong>：本公司確認授權後，以電子郵件通知授權人員啟用帳號。
          </li>
          <li>
            <strong>教育訓練</strong>：專人說明操作方式，並提供操作手冊。
          </li>
          <li>
            <strong>上線</strong>：開始線上辦理加退保與查詢。
          </li>
        </ol>
      </section>

      <section aria-labelledby="access">
        <h2 id="access">如何開始</h2>
        <p>
          已投保的企業，請
          <Link to="/contact" search={{ topic: 'b2b' }}>
            線上留言
          </Link>
          申請，服務人員將與貴公司聯絡並寄送申請書。尚未投保的企業，可先進行
          <Link to="/tryout/STEP1">保費試算</Link>。
        </p>
      </section>
    </ScreenPage>
  );
}
