import { Link } from '@tanstack/react-router';
import { ScreenPage } from '../../components/screen-page';
import { INSURER } from '../../domain/insurer';
import { headingOf } from '../../domain/screens';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '投保本公司團體保險的企業與員工可享有的加值服務。';

/** 加值服務 (ODGAF092): what an insured company and its staff get besides the cover. */
export default function AddValue() {
  return (
    <ScreenPage heading={headingOf('ODGAF092')} lead={lead}>
      <section aria-labelledby="claims-online">
        <h2 id="claims-online">理賠醫起通</h2>
        <p>
          在參與壽險公會「理賠醫起通」的醫院就醫時，被保險人於醫院申請並同意後，醫院可將醫療資料直接傳送本公司，免去往返申請診斷證明與收據的奔波，理賠更快入帳。
        </p>
      </section>

      <section aria-labelledby="passbook">
        <h2 id="passbook">保險存摺</h2>
        <p>員工可透過壽險公會的保險存摺服務，查詢自己在各家保險公司的保單，包含公司為其投保的團體保險。</p>
      </section>

      <section aria-labelledby="hotline">
        <h2 id="hotline">客服專線</h2>
        <p>
          免付費服務專線 <a href={`tel:${INSURER.serviceLine.replaceAll('-', '')}`}>{INSURER.serviceLine}</a>
          （{INSURER.serviceHours}），協助加退保、理賠與保單相關問題。
        </p>
      </section>

      <section aria-labelledby="health">
        <h2 id="health">健康講座與健檢優惠</h2>
        <p>依投保方案及人數，本公司可安排到府健康講座，或提供合作健檢機構的團體優惠，詳情請洽專人。</p>
      </section>

      <section aria-labelledby="anti-fraud">
        <h2 id="anti-fraud">防詐提醒</h2>
        <p>
          本公司不會以電話或簡訊要求您操作自動櫃員機、提供網路銀行密碼或匯款至個人帳戶。收到可疑訊息時，請撥打本公司客服專線或
          165 反詐騙諮詢專線查證。
        </p>
      </section>

      <p>
        想了解貴公司可使用的服務，請
        <Link to="/contact" search={{ topic: 'product' }}>
          線上留言
        </Link>
        。
      </p>
    </ScreenPage>
  );
}
