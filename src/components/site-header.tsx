import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useRef, useState } from 'react';
import { INSURER } from '../domain/insurer';
import { useDismiss } from '../lib/use-dismiss';

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

type GroupLabel = (typeof NAV_GROUPS)[number]['label'];

/**
 * Site header: brand, the navigation of docs/specification.md §2 as three menus (the disclosure pattern: a button opens
 * its list, Escape closes it and gives focus back to the button), 聯絡我們 and the cart. On phones the
 * navigation folds behind 選單, which Escape closes too; it follows 選單 in the page, so Tab goes from
 * the button into the menu.
 */
export function SiteHeader({ cartSlot }: { cartSlot?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<GroupLabel | null>(null);
  const menuId = useId();
  const groupId = useId();
  const nav = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  function closeAll() {
    setOpenGroup(null);
    setMenuOpen(false);
  }

  useDismiss(openGroup !== null || menuOpen, {
    inside: [nav, menuButton],
    onOutside: closeAll,
    onEscape: () => {
      if (openGroup) {
        nav.current?.querySelector<HTMLElement>(`[data-group="${openGroup}"]`)?.focus();
        setOpenGroup(null);
      } else {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    },
  });

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        跳到主要內容
      </a>
      <div className="header-bar">
        <Link to="/" className="brand" onClick={closeAll}>
          <span className="brand-name">{INSURER.shortName}</span>
          <span className="brand-product">團體保險</span>
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((v) => !v)}
        >
          {menuOpen ? '關閉選單' : '選單'}
        </button>
        <nav
          ref={nav}
          id={menuId}
          className={menuOpen ? 'site-nav open' : 'site-nav'}
          aria-label="主選單"
          onBlur={(e) => {
            if (!nav.current?.contains(e.relatedTarget as Node | null)) setOpenGroup(null);
          }}
        >
          <ul className="nav-menus">
            {NAV_GROUPS.map((group, index) => {
              const open = openGroup === group.label;
              return (
                <li key={group.label} className="nav-group">
                  <button
                    type="button"
                    className="nav-group-button"
                    data-group={group.label}
                    aria-expanded={open}
                    aria-controls={`${groupId}-${index}`}
                    onClick={() => setOpenGroup(open ? null : group.label)}
                  >
                    {group.label}
                  </button>
                  <ul id={`${groupId}-${index}`} className="nav-links" hidden={!open}>
                    {group.links.map((link) => (
                      <li key={link.to}>
                        <Link to={link.to} activeProps={{ 'aria-current': 'page' }} onClick={closeAll}>
                          {link.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
            <li>
              <Link
                to="/contact"
                className="nav-contact"
                activeProps={{ 'aria-current': 'page' }}
                onClick={closeAll}
              >
                聯絡我們
              </Link>
            </li>
          </ul>
        </nav>
        {cartSlot}
      </div>
    </header>
  );
}
