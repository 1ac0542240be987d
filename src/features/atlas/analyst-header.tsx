import { analystHref } from '../../domain/analyst-pages';
import { INSURER } from '../../domain/insurer';

/** The analysts' header: the brand, the atlas's name and, once logged in, who and the way out. */
export function AnalystHeader({ analyst }: { analyst?: string }) {
  return (
    <header className="site-header">
      <div className="header-bar">
        <span className="brand">
          <span className="brand-name">{INSURER.shortName}</span>
          <span className="brand-product">流程狀態機圖集</span>
        </span>
        {analyst && (
          <span className="analyst-who">
            {analyst}
            <a className="button" href={analystHref('logout')}>
              登出
            </a>
          </span>
        )}
      </div>
    </header>
  );
}
