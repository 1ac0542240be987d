import type { FlowInChromium } from '../../tests/e2e/support/flow-in-chromium';
import type { RunningServer } from '../../tests/e2e/support/server';
import { signIn } from '../../tests/e2e/support/staff';
import { sendContactOverHttp } from '../../tests/support/http-visitor';
import type { HeldMail, SmtpInbox } from '../../tests/support/smtp-inbox';
import { machines } from '../registry';
import { OutboxMessageOracle, type OutboxMessageStimulus, type OutboxMessageView } from './oracle';
import { actOnOutboxMessage, type OutboxDelivery, outboxMessageScreen, outboxMessageSettled } from './page';
import { outboxMessageStimuli } from './stimuli';

/** The built server of the outbox's paths: started again with or without the mail server, or killed. */
export interface RestartableSite {
  server: RunningServer;
  /** stops the server (SIGTERM) and starts it again on the same data and port, delivering to `mail` or not */
  restart(mail: 'with mail' | 'without mail'): Promise<void>;
  /** kills the server (SIGKILL) mid-whatever and starts it again without the mail server */
  killAndRestart(): Promise<void>;
}

/**
 * A message on 寄件匣 in the built app in Chromium against the built server: for each path a company writes
 * through 聯絡我們 over HTTP while the server has no mail server (the message waits), and a service person
 * opens its acknowledgement from the list. A worker takes it when the server is started again with
 * SMTP_URL at `mailServer()`, which holds it until the path answers; a worker dying is the server killed
 * while the message is held, started again (the embedded database gives its message back at once).
 */
export function outboxMessageInChromium(
  site: RestartableSite,
  mailServer: () => SmtpInbox,
  service: { name: string; password: string },
): FlowInChromium<OutboxMessageStimulus, OutboxMessageView> {
  let messageHref = '';
  return {
    entry: machines.find((m) => m.id === 'outbox-message')!,
    calls: [],
    stimuli: outboxMessageStimuli,
    start: () => messageHref,
    oracle: () => new OutboxMessageOracle(),
    async driver(page, origin) {
      await site.restart('without mail');
      // an address of its own each path: an address gets at most 3 acknowledgements a Taipei day
      const contactNo = await sendContactOverHttp(
        origin,
        `hr.${crypto.randomUUID().slice(0, 8)}@example.com.tw`,
      );
      await page.goto(`${origin}/groupins/login`);
      await signIn(page, service.name, service.password);
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await page.goto(`${origin}/groupins/staff/outbox`);
      const row = page.getByRole('row').filter({ hasText: contactNo });
      await row.getByRole('link').first().click();
      await page.waitForURL((url) => url.searchParams.has('id'));
      messageHref = new URL(page.url()).pathname.replace('/groupins', '') + new URL(page.url()).search;

      let held: HeldMail | undefined;
      let tries = 0;
      const delivery: OutboxDelivery = {
        async take() {
          await site.restart('with mail');
          // a message an earlier path left due goes out first: the mail server takes it and waits for this one
          for (;;) {
            const next = await mailServer().nextHeld();
            if (next.mail.subject.includes(contactNo)) {
              held = next;
              break;
            }
            next.accept();
          }
          tries++;
        },
        async answer(reply) {
          if (reply === null) held!.accept();
          else held!.answer(reply);
          held = undefined;
        },
        async leaseExpire() {
          await site.killAndRestart();
          // the connection died with the server: the mail server's answer has no one to go to
          held = undefined;
        },
        attempt: () => tries,
      };
      const press = async (name: string) => {
        await page.getByRole('button', { name, exact: true }).click();
        await page.waitForFunction(outboxMessageSettled);
      };
      return {
        act: (s) =>
          actOnOutboxMessage(s, delivery, {
            reload: () => press('重新整理'),
            resend: () => press('重新寄送'),
          }),
        wait: async () => {},
        // the worker records a try a moment after the mail server answers: read the message again until then
        async view() {
          await press('重新整理');
          return page.evaluate(outboxMessageScreen);
        },
        sent: () => [],
      };
    },
  };
}
