import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/registry';
import { deferredActors, flowPaths, replaySteps } from '../support/flow-model';
import { renderApp } from '../support/render-app';

const entry = machines.find((m) => m.id === 'consent')!;
const banner = () => screen.queryByRole('region', { name: 'Cookie 使用說明' });

// What the visitor sees in each state of the consent machine.
const expectScreen: Record<string, () => unknown> = {
  checking: () => expect(banner()).toBeNull(),
  asking: async () => {
    await screen.findByRole('region', { name: 'Cookie 使用說明' });
    expect(screen.getByRole('button', { name: '同意' })).toBeEnabled();
    expect(screen.queryByText(/未允許儲存 Cookie/)).toBeNull();
  },
  saving: () => expect(screen.getByRole('button', { name: '同意' })).toBeDisabled(),
  failed: async () => {
    expect(await within(banner()!).findByRole('alert')).toHaveTextContent('您的瀏覽器未允許儲存 Cookie');
    expect(screen.getByRole('button', { name: '同意' })).toBeEnabled();
  },
  accepted: async () => waitFor(() => expect(banner()).toBeNull()),
};

describe('consent paths on the rendered app', () => {
  for (const path of flowPaths(entry)) {
    it(path.description, async () => {
      const harness = deferredActors(entry.machine);
      const user = userEvent.setup();
      const { actors } = await renderApp('/', { consent: harness.logic as never });
      await screen.findByRole('heading', { level: 1 });
      await replaySteps(path, async (step) => {
        if (step.event.type === 'consent.accept')
          await user.click(screen.getByRole('button', { name: '同意' }));
        else if (step.event.type !== 'xstate.init') await act(async () => void harness.settle(step.event));
        expect(actors.consent.getSnapshot().value).toEqual(step.state.value);
        await expectScreen[String(step.state.value)]?.();
      });
    });
  }
});
