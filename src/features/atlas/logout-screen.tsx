import { useEffect, useState } from 'react';
import { analystHref } from '../../domain/analyst-pages';
import { AnalystHeader } from './analyst-header';
import { atlasApi } from './atlas-api';

/** /groupins/logout: ends the staff session on the server, then says so. */
export function LogoutScreen() {
  const [phase, setPhase] = useState<'ending' | 'ended' | 'failed'>('ending');
  useEffect(() => {
    atlasApi
      .logout()
      .then(() => setPhase('ended'))
      .catch(() => setPhase('failed'));
  }, []);
  return (
    <>
      <AnalystHeader />
      <main id="main" className="analyst-main">
        <article className="screen">
          <h1>登出</h1>
          <p className="lead" role="status">
            {phase === 'ending' && '正在登出…'}
            {phase === 'ended' && '您已登出。'}
            {phase === 'failed' && '無法連線到伺服器，登出未完成；請確認網路後重新整理此頁。'}
          </p>
          {phase === 'ended' && (
            <a className="button primary" href={analystHref('login')}>
              重新登入
            </a>
          )}
        </article>
      </main>
    </>
  );
}
