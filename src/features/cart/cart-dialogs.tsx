import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Dialog } from '../../components/dialog';
import { busyMessage } from '../../domain/busy-message';

const FALLBACK_REFUSAL = '此項目無法加入購物車，請確認保障內容後再試。';
const FALLBACK_FAILURE = `${busyMessage()}。`;

/** The dialogs of docs/specification.md §8 for the cart: cart full, item error, and a call that failed. */
export function CartDialogs() {
  const { actors } = useRouteContext({ from: '__root__' });
  const state = useSelector(actors.cart, (s) => s.value);
  const refusal = useSelector(actors.cart, (s) => s.context.refusal);
  const maxItems = useSelector(actors.cart, (s) => s.context.maxItems);
  const close = () => actors.cart.send({ type: 'dialog.close' });

  const content =
    state === 'cartFull'
      ? {
          title: '購物車已滿',
          body: `購物車最多可放 ${maxItems} 項保障。請先移除不需要的項目，再加入新的保障。`,
        }
      : state === 'itemError'
        ? { title: '無法加入購物車', body: refusal || FALLBACK_REFUSAL }
        : state === 'addFailed'
          ? { title: '加入購物車失敗', body: refusal || FALLBACK_FAILURE }
          : state === 'removeFailed'
            ? { title: '無法移除此項目', body: refusal || FALLBACK_FAILURE }
            : state === 'updateFailed'
              ? { title: '無法變更保額', body: refusal || FALLBACK_FAILURE }
              : null;
  if (!content) return null;
  return (
    <Dialog
      title={content.title}
      onClose={close}
      actions={
        <button type="button" className="button primary" onClick={close}>
          我知道了
        </button>
      }
    >
      <p>{content.body}</p>
    </Dialog>
  );
}
