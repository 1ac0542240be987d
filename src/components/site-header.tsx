import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import { INSURER } from '../domain/insurer';

const NAV_GROUPS = [
  {
    label: '商品',
    links: [
      { to: '/product/optionpackage', label: '團體保險方案' },
      { to: '/product/optioncell', label: '單項保障' },
      { to: '/REC', label: '方案推薦' },
    ],
  },
  {
    label: '線上服務',
    links: [
      { to: '/tryout/STEP1', label: '保費試算' },
      { to: '/shopcart/STEP1', label: '投保申請' },
      { to: '/overprint/STEP1', label: '套印文件' },
      { to: '/progress', label: '進度查詢' },
    ],
  },
  {
    label: '認識團保',
    links: [
      { to: '/about/bscknow', label: '基本知識' },
      { to: '/about/claim', label: '理賠服務' },
      { to: '/about/addvalue', label: '加值服務' },
      { to: '/B2Bsystem/introb2b', label: '企業網路保險服務' },
      { to: '/question', label: '常見問題' },
      { to: '/featured/article', label: '精選文章' },
    ],
  },
] as const;

/** Site header: brand, the navigation of SPEC §2 and the contact entry; collapses into a menu on phones. */
export function SiteHeader({ cartSlot }: { cartSlot?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        跳到主要內容
      </a>
      <div className="header-bar">
        <Link to="/" className="brand">
          <span className="brand-name">{INSURER.shortName}</span>
          <span className="brand-product">團體保險</span>
        </Link>
        {cartSlot}
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? '關閉選單' : '選單'}
        </button>
      </div>
      <nav id={menuId} className={open ? 'site-nav open' : 'site-nav'} aria-label="主選單">
        {NAV_GROUPS.map((group) => (
          <div key={group.label} className="nav-group">
            <p className="nav-group-label">{group.label}</p>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} activeProps={{ 'aria-current': 'page' }} onClick={() => setOpen(false)}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <Link to="/contact" className="nav-contact" onClick={() => setOpen(false)}>
          聯絡我們
        </Link>
      </nav>
    </header>
  );
}
