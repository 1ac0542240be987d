// The ALTCHA widget, loaded only where a captcha is shown (CaptchaField imports this module lazily, so it
// and the widget are a chunk of their own). The page's CSP allows scripts, styles and workers from the site
// only, with nothing inline, so this uses the widget's CSP build: `altcha/external` injects no <style> and
// makes no blob: workers; its stylesheet is a file of the build, and its SHA worker is a file too
// (Vite's `?worker`), which `script-src 'self'` allows (CSP has no worker-src, so script-src applies).
import 'altcha/external';
import 'altcha/altcha.css';
import './captcha.css';
import type { Configuration } from 'altcha/types';
import ShaWorker from 'altcha/workers/sha?worker';
import { API_BASE } from '../../domain/envelope';
import { apiGet } from '../../lib/api-client';

/** The challenge route, relative to API_BASE (src/server/routes/captcha.ts). */
const CHALLENGE_PATH = 'captcha/challenge';
/** The server's challenges (src/server/captcha/captcha.ts) are iterated SHA-256. */
const ALGORITHM = 'SHA-256';
const LANGUAGE = 'zh-tw';

/** The widget's texts, all of them: it falls back to none of its own. */
const STRINGS: Record<string, string> = {
  label: '我不是機器人',
  verifying: '驗證中…',
  verified: '驗證完成',
  error: '驗證失敗，請再試一次',
  expired: '驗證已逾時，請重新驗證',
  verificationRequired: '請先完成「我不是機器人」驗證',
  waitAlert: '驗證中，請稍候…',
  loading: '載入中…',
  reload: '重新載入',
  verify: '驗證',
  cancel: '取消',
  enterCode: '請輸入驗證碼',
  enterCodeAria: '請輸入您聽到的驗證碼，按空白鍵播放語音',
  enterCodeFromImage: '請輸入下方圖片中的驗證碼以繼續',
  getAudioChallenge: '改用語音驗證碼',
  // the footer and its link to the widget's maker are hidden (hideFooter)
  footer: '',
  ariaLinkLabel: '',
};

$altcha.i18n.set(LANGUAGE, STRINGS);
// A browser solves in Web Workers made from the widget's worker file. Without Web Workers (jsdom), the
// widget gets a solver of the same shape that works on the main thread (main-thread-solver.ts): the widget
// itself still fetches, times, shows and reports as it does in a browser.
const hasWorkers = typeof Worker !== 'undefined';
$altcha.algorithms.set(ALGORITHM, () =>
  hasWorkers ? new ShaWorker() : import('./main-thread-solver').then((m) => m.createMainThreadSolver()),
);

/**
 * The widget's settings that fit in its `configuration` attribute (applied before it first draws): the
 * visitor starts the check by ticking the box, no logo or link to a third party, nothing collected.
 */
export const WIDGET_CONFIGURATION = JSON.stringify({
  auto: 'off',
  display: 'standard',
  type: 'checkbox',
  language: LANGUAGE,
  hideFooter: true,
  hideLogo: true,
  humanInteractionSignature: false,
  // on the main thread, one solver is as fast as several
  ...(hasWorkers ? {} : { workers: 1 }),
} satisfies Partial<Configuration>);

/**
 * The widget's fetch, set on each widget once it has loaded: it fetches the challenge through the API
 * client, which sends the session cookie and reads the envelope, and hands the widget the challenge it
 * holds. A failure (429, 503, no network) rejects, which the widget shows as its error.
 */
export async function fetchChallenge(): Promise<Response> {
  const challenge = await apiGet<unknown>(CHALLENGE_PATH);
  return new Response(JSON.stringify(challenge), { headers: { 'content-type': 'application/json' } });
}

/** Where the widget gets its challenge (its `challenge` attribute), through fetchChallenge. */
export const CHALLENGE_URL = `${API_BASE}/${CHALLENGE_PATH}`;
