import { Link } from '@tanstack/react-router';
import { ScreenPage } from '../../components/screen-page';
import { formatMoney } from '../../domain/money';
import { headingOf } from '../../domain/screens';
import { loadPackages } from '../../lib/catalogue-api';
import { SettledView, settled, useScreenData } from '../../lib/screen-read';

const REASONS = [
  { title: '照顧員工', text: '員工與眷屬的壽險、意外、住院醫療與癌症保障，由公司一次規劃。' },
  { title: '分擔雇主責任', text: '職業災害補償保障，協助企業承擔勞動基準法第 59 條的補償責任。' },
  { title: '節稅又留才', text: '每人每月保費 2,000 元以內，不計入員工薪資所得，是實惠的員工福利。' },
] as const;

const SERVICES = [
  { to: '/tryout/STEP1', title: '保費試算', text: '選好保障、填入人數與年齡，立即估算團體保費。' },
  { to: '/product/optionpackage', title: '挑選方案', text: '比較各方案的保障與保額，加入購物車後線上申請。' },
  { to: '/progress', title: '進度查詢', text: '以受理編號與統一編號查詢申請處理進度。' },
  { to: '/contact', title: '聯絡我們', text: '留下需求，專人於二個工作天內與您聯繫。' },
] as const;

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead =
  '5 人以上的公司、工廠或團體，都能為成員投保團體保險。線上選方案、試算保費、送出申請，專人協助完成投保。';

/** The packages at a glance, read on entry (lib/screen-read.tsx): without them the rest of the page still shows. */
export const read = () => settled(loadPackages());

export default function Home() {
  const packages = useScreenData(read);
  return (
    <ScreenPage heading={headingOf('ODGAF000')} lead={lead}>
      <p className="actions hero-actions">
        <Link to="/tryout/STEP1" className="button primary">
          試算保費
        </Link>
        <Link to="/product/optionpackage" className="button primary">
          挑選方案
        </Link>
      </p>
      <section aria-labelledby="home-why">
        <h2 id="home-why">為什麼企業需要團體保險</h2>
        <ul className="cards">
          {REASONS.map((r) => (
            <li key={r.title} className="card">
              <h3>{r.title}</h3>
              <p>{r.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="home-packages">
        <h2 id="home-packages">方案一覽</h2>
        <SettledView read={packages} what="方案資料">
          {(list) => (
            // its own short list, not PackageCards: the home route's JS budget has no room for another chunk
            <ul className="cards">
              {list.map((p) => (
                <li key={p.PACK_ID} className="card">
                  <h3>
                    <Link to="/product/Intropackage" search={{ PACK_ID: p.PACK_ID }}>
                      {p.PACK_NAME}
                    </Link>
                  </h3>
                  <p>{p.TAGLINE}</p>
                  <p className="package-price">每人每月 {formatMoney(p.FROM_MONTHLY_PER_PERSON)}起</p>
                </li>
              ))}
            </ul>
          )}
        </SettledView>
        <p>
          <Link to="/product/optionpackage">比較所有方案的保障內容</Link>
        </p>
      </section>
      <section aria-labelledby="home-services">
        <h2 id="home-services">線上服務</h2>
        <ul className="cards">
          {SERVICES.map((s) => (
            <li key={s.to} className="card">
              <h3>
                <Link to={s.to}>{s.title}</Link>
              </h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </ScreenPage>
  );
}
