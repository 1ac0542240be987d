import type { ErrorComponentProps } from '@tanstack/react-router';
import { BASE_PATH } from './domain/screens';
import { ChunkLoadError } from './lib/chunk-loader';

const FAILURE_TEXT = {
  timeout: '網路回應逾時',
  missing: '網站已更新，舊版頁面檔案已不存在',
  network: '網路連線中斷',
  error: '頁面載入時發生錯誤',
} as const;

/** What a visitor sees when a screen cannot be shown: what happened and a way forward, never a blank page. */
export function RouteError({ error }: ErrorComponentProps) {
  const chunk = error instanceof ChunkLoadError ? error : undefined;
  return (
    <article className="screen route-error" role="alert">
      <h1>頁面無法顯示</h1>
      <p>
        {chunk
          ? `「${chunk.chunk}」頁面載入失敗：${FAILURE_TEXT[chunk.failure]}。`
          : '很抱歉，頁面顯示時發生錯誤。'}
        請重新載入頁面再試一次；若問題持續發生，請撥打客服專線。
      </p>
      <p className="actions">
        <button type="button" className="button primary" onClick={() => window.location.reload()}>
          重新載入
        </button>
        <a className="button" href={BASE_PATH}>
          回首頁
        </a>
      </p>
    </article>
  );
}
