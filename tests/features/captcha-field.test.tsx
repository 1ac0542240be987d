import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Kysely } from 'kysely';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CaptchaField } from '../../src/components/captcha/captcha-field';
import { type Captcha, createCaptcha } from '../../src/server/captcha/captcha';
import { createDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Database } from '../../src/server/db/schema';
import { ok } from '../../src/server/envelope';

const CHALLENGE = '*/ODGAWeb/api/captcha/challenge';
const LABEL = '我不是機器人';

/** The server's captcha, small enough to solve in milliseconds on jsdom's main thread. */
let captcha: Captcha = createCaptcha({ hmacKey: 'dom test key', maxNumber: 1_000, expiresSeconds: 600 });
let challengesServed = 0;
const network = setupServer(
  http.get(CHALLENGE, async () => {
    challengesServed += 1;
    return HttpResponse.json(ok(await captcha.challenge()));
  }),
);

/** A form that holds the payload and, like the shopcart form after a refusal, asks for a fresh one. */
function Form({ onChange }: { onChange: (payload: string | null) => void }) {
  const [resetKey, setResetKey] = useState(0);
  return (
    <form>
      <CaptchaField onChange={onChange} resetKey={resetKey} />
      <button type="button" onClick={() => setResetKey((key) => key + 1)}>
        伺服器拒絕
      </button>
    </form>
  );
}

const lastCall = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)?.[0] as string | null;

describe('CaptchaField', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    network.listen({ onUnhandledRequest: 'error' });
    db = createDatabase({ memory: true });
    await migrateToLatest(db);
  });
  afterEach(() => {
    network.resetHandlers();
    captcha = createCaptcha({ hmacKey: 'dom test key', maxNumber: 1_000, expiresSeconds: 600 });
  });
  afterAll(async () => {
    network.close();
    await db.destroy();
  });

  it('is solved by the widget, from the keyboard, with a payload the server accepts once', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Form onChange={onChange} />);
    const box = await screen.findByRole('checkbox', { name: LABEL });
    expect(box).not.toBeChecked();

    await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.any(String)), { timeout: 10_000 });
    expect(await screen.findByText('驗證完成')).toBeInTheDocument();
    expect(box).toBeChecked();

    const payload = lastCall(onChange) ?? '';
    expect(await captcha.verify(db, payload)).toBe(true);
    expect(await captcha.verify(db, payload)).toBe(false);
    // no logo, no footer, no link to a third party
    expect(document.querySelector('altcha-widget a, .altcha-logo, .altcha-footer')).toBeNull();
  });

  it('starts over after a refusal: null first, then a fresh challenge and a new payload', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Form onChange={onChange} />);
    await user.click(await screen.findByRole('checkbox', { name: LABEL }));
    await waitFor(() => expect(lastCall(onChange)).toEqual(expect.any(String)), { timeout: 10_000 });
    const first = lastCall(onChange);
    const served = challengesServed;

    await user.click(screen.getByRole('button', { name: '伺服器拒絕' }));
    expect(lastCall(onChange)).toBeNull();
    const box = screen.getByRole('checkbox', { name: LABEL });
    expect(box).not.toBeChecked();

    await user.click(box);
    await waitFor(() => expect(lastCall(onChange)).toEqual(expect.any(String)), { timeout: 10_000 });
    const second = lastCall(onChange) ?? '';
    expect(second).not.toBe(first);
    expect(challengesServed).toBe(served + 1);
    expect(await captcha.verify(db, second)).toBe(true);
  });

  it('reports null when the challenge expires, and says so', { timeout: 30_000 }, async () => {
    // expires 3 to 4 s after it is issued: time to solve it first, even on a busy machine
    captcha = createCaptcha({ hmacKey: 'dom test key', maxNumber: 1_000, expiresSeconds: 4 });
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Form onChange={onChange} />);
    await user.click(await screen.findByRole('checkbox', { name: LABEL }));
    await waitFor(() => expect(lastCall(onChange)).toEqual(expect.any(String)), { timeout: 10_000 });

    expect(await screen.findByText('驗證已逾時，請重新驗證', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(lastCall(onChange)).toBeNull();
  });

  it('shows the failure in Chinese when the challenge cannot be had (429), and reports nothing', async () => {
    network.use(
      http.get(CHALLENGE, () =>
        HttpResponse.json({ returnCode: 429, data: null, msg: '操作過於頻繁，請稍後再試' }, { status: 429 }),
      ),
    );
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Form onChange={onChange} />);
    await user.click(await screen.findByRole('checkbox', { name: LABEL }));
    expect(await screen.findByText('驗證失敗，請再試一次', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
