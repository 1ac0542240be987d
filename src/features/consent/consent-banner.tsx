import type { ActorRefFrom } from 'xstate';
import type { consentMachine } from '../../../machines/consent.machine';
import { useActorSelector } from '../../lib/use-actor-selector';

/** The cookie banner: shown until the visitor accepts (SPEC §1, §4). */
export function ConsentBanner({ actor }: { actor: ActorRefFrom<typeof consentMachine> }) {
  const state = useActorSelector(actor, (s) => s.value);
  if (state === 'checking' || state === 'accepted') return null;
  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      <h2 id="consent-title">Cookie 使用說明</h2>
      <p className="consent-text">
        本網站使用 Cookie
        保存您的購物車與瀏覽設定，並統計網站使用情形以改善服務。繼續使用本網站前，請您同意我們使用 Cookie。
      </p>
      {state === 'failed' && (
        <p className="form-error" role="alert">
          您的瀏覽器未允許儲存 Cookie，因此無法記住您的同意。請在瀏覽器設定中允許本網站的 Cookie
          後，再按一次「同意」。
        </p>
      )}
      <button
        type="button"
        className="button primary"
        disabled={state === 'saving'}
        onClick={() => actor.send({ type: 'consent.accept' })}
      >
        同意
      </button>
    </section>
  );
}
