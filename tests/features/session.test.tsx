import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/registry';
import type { sessionMachine } from '../../machines/session.machine';
import { coveringPaths, deferredActors, replaySteps } from '../support/flow-model';
import { renderApp } from '../support/render-app';

const entry = machines.find((m) => m.id === 'session')!;
const noSessionDialog = () =>
  waitFor(() => expect(screen.queryByRole('dialog', { name: /工作階段/ })).toBeNull());

describe('session paths on the rendered app', () => {
  for (const path of coveringPaths(entry)) {
    it(path.description, async () => {
      const harness = deferredActors(entry.machine);
      const user = userEvent.setup();
      sessionStorage.setItem('groupins.flow.shopcart', '{}');
      const { actors, history } = await renderApp('/question', {
        session: harness.logic as typeof sessionMachine,
        clock: harness.clock,
      });
      await screen.findByRole('heading', { level: 1, name: '常見問題' });
      await replaySteps(path, async (step) => {
        switch (step.event.type) {
          case 'xstate.init':
            break;
          case 'session.activity':
            await user.click(screen.getAllByRole('link', { name: '保費試算' })[0]!);
            break;
          case 'session.continue':
            await user.click(screen.getByRole('button', { name: '繼續使用' }));
            break;
          case 'session.restart':
            await user.click(screen.getByRole('button', { name: '確定' }));
            break;
          default:
            await act(async () => void harness.settle(step.event, actors.session.getSnapshot().context));
        }
        await waitFor(() => expect(actors.session.getSnapshot().value).toEqual(step.state.value));
        switch (step.state.value) {
          case 'reminding': {
            const dialog = await screen.findByRole('dialog', { name: '工作階段即將結束' });
            expect(dialog).toHaveTextContent('本次工作階段將於 5 分 0 秒 後結束');
            expect(screen.getByRole('button', { name: '繼續使用' })).toHaveFocus();
            break;
          }
          case 'ended': {
            const dialog = await screen.findByRole('dialog', { name: '工作階段已結束' });
            expect(dialog).toHaveTextContent('您已超過 29 分鐘沒有操作');
            expect(dialog).toHaveTextContent('購物車中的保障與已送出的申請都會為您保留');
            await waitFor(() => expect(history.location.pathname).toBe('/groupins/'));
            expect(sessionStorage.getItem('groupins.flow.shopcart')).toBeNull();
            break;
          }
          default:
            await noSessionDialog();
        }
      });
    });
  }
});
