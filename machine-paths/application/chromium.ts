import type { FlowInChromium } from '../../tests/e2e/support/flow-in-chromium';
import { signIn } from '../../tests/e2e/support/staff';
import { applicationScreen } from '../../tests/support/flow-screens';
import { applyForBasicOverHttp } from '../../tests/support/http-visitor';
import { machines } from '../registry';
import { ApplicationOracle, type ApplicationStimulus, type ApplicationView } from './oracle';
import { moveButtonName, moveDialogSettled } from './page';
import { APPLICATION_CALLS, applicationStimuli } from './stimuli';

/**
 * 案件明細 in the built app in Chromium against the built server: for each path a company applies for
 * 基本型 through the cart service, the underwriter signs in on the sign-in page and opens its case, and
 * acts the path out with the page's buttons and dialogs. Nothing is held: the moves are the server's.
 */
export function applicationInChromium(underwriter: {
  name: string;
  password: string;
}): FlowInChromium<ApplicationStimulus, ApplicationView> {
  let applicationNo = '';
  return {
    entry: machines.find((m) => m.id === 'application')!,
    calls: APPLICATION_CALLS,
    stimuli: applicationStimuli,
    start: () => `/staff/case?no=${applicationNo}`,
    oracle: () => new ApplicationOracle(),
    async driver(page, origin) {
      applicationNo = await applyForBasicOverHttp(origin);
      await page.goto(`${origin}/groupins/login`);
      await signIn(page, underwriter.name, underwriter.password);
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      return {
        async act(s) {
          const { status } = await page.evaluate(applicationScreen);
          await page.getByRole('button', { name: moveButtonName(status, s.move) }).click();
          const dialog = page.getByRole('dialog');
          if (s.note) await dialog.getByRole('textbox', { name: /^說明/ }).fill(s.note);
          await dialog.getByRole('button', { name: '確認', exact: true }).click();
          const settled = await page.waitForFunction(moveDialogSettled);
          if ((await settled.jsonValue()) === 'refused')
            await dialog.getByRole('button', { name: '取消', exact: true }).click();
        },
        wait: async () => {},
        view: async () => (await page.evaluate(applicationScreen)) as ApplicationView,
        // the move is the page's one call, and its result is the status shown: nothing else to compare
        sent: () => [],
      };
    },
  };
}
