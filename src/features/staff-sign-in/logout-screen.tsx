import { useEffect, useState } from 'react';
import { StaffHeader } from '../../components/staff-header';
import { staffHref } from '../../domain/staff-pages';
import { signInApi, staffSession } from '../../lib/staff-api';

/** /groupins/logout: ends the staff session on the server, then says so. */
export function LogoutScreen() {
  const [phase, setPhase] = useState<'ending' | 'ended' | 'failed'>('ending');
  useEffect(() => {
    document.title = '登出｜員工作業';
    staffSession.clear();
    signInApi
      .logout()
      .then(() => setPhase('ended'))
      .catch(() => setPhase('failed'));
  }, []);
  return (
    <>
      <StaffHeader />
      <main id="main" className="staff-main">
        <article className="screen">
          <h1>登出</h1>
          <p className="lead" role="status">
            {phase === 'ending' && '正在登出…'}
            {phase === 'ended' && '您已登出。'}
            {phase === 'failed' && '無法連線到伺服器，登出未完成；請確認網路後重新整理此頁。'}
          </p>
          {phase === 'ended' && (
            <a className="button primary" href={staffHref('login')}>
              重新登入
            </a>
          )}
        </article>
      </main>
    </>
  );
}
