import { Link } from '@tanstack/react-router';
import { INSURER, REGULATORY_LINKS } from '../domain/insurer';

/** Footer with the insurer's legal must-haves (docs/domain.md §1.4): identity, service and complaint lines, regulator. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company">{INSURER.name}</h2>
          <p>統一編號 {INSURER.taxId}</p>
          <p>{INSURER.address}</p>
        </section>
        <section aria-labelledby="footer-service">
          <h2 id="footer-service">客戶服務</h2>
          <p>
            免付費服務專線{' '}
            <a href={`tel:${INSURER.serviceLine.replaceAll('-', '')}`}>{INSURER.serviceLine}</a>
          </p>
          <p>申訴專線 {INSURER.complaintLine}</p>
          <p>{INSURER.serviceHours}</p>
          <p>
            <Link to="/contact">線上留言</Link>
          </p>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal">法令資訊</h2>
          <ul>
            {REGULATORY_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="visually-hidden">（另開新視窗）</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="footer-note">
        本網站提供團體保險商品資訊、保費試算與投保申請之受理；團體保險契約須經要保單位用印送件及本公司核保後始生效力。
        保險商品之詳細內容請參閱保單條款。本公司依個人資料保護法蒐集、處理及利用您的個人資料，僅用於本次服務之目的。
      </p>
      <p className="footer-copy">
        © {new Date().getFullYear()} {INSURER.name}
      </p>
    </footer>
  );
}
