import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  SAMPLE_CART_FACTS,
  SAMPLE_CARTS,
  SAMPLE_PLAN,
  SAMPLE_REQUEST_ID,
  SAMPLE_TODAY,
} from '../../../machine-paths/shopcart/samples';
import { shopcartMachine } from '../../../machines/shopcart.machine';
import { headingOf } from '../../../src/domain/screens';
import { FLOW_STORAGE_PREFIX } from '../../../src/lib/flow-storage';
import { defaultFetch, envelope, renderApp } from '../../support/render-app';

// STEP2 (ODGAF041) provides the 日期錯誤 alert its 投保始期 raises: the app's root no longer does (the alert
// loads with the screens whose fields raise it, not with every page).

/** An application on the sample 2-item cart whose STEP1 is confirmed, as the tab keeps it. */
function applicationAtStep2(): string {
  const flow = createActor(shopcartMachine, {
    input: { requestId: SAMPLE_REQUEST_ID, today: SAMPLE_TODAY, cart: SAMPLE_CART_FACTS.two },
  }).start();
  flow.send({ type: 'plan.confirm', plan: SAMPLE_PLAN });
  const stored = JSON.stringify(flow.getPersistedSnapshot());
  flow.stop();
  return stored;
}

describe('shopcart STEP2 (ODGAF041)', () => {
  it('raises 日期錯誤 when 投保始期 is no day, and 確定 closes it', async () => {
    sessionStorage.setItem(`${FLOW_STORAGE_PREFIX}shopcart`, applicationAtStep2());
    await renderApp('/shopcart/STEP2', {
      fetch: (url, init) =>
        url.pathname.endsWith('/getCart') ? envelope(SAMPLE_CARTS.two) : defaultFetch(url, init),
    });
    await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF041') });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^投保始期/), '115/02/30');
    await user.tab();

    const alert = await screen.findByRole('dialog', { name: '日期錯誤' });
    expect(alert).toHaveTextContent('請輸入正確的日期');
    await user.click(within(alert).getByRole('button', { name: '確定' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
