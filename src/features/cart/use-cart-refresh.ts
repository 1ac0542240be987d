import { useEffect } from 'react';
import type { AppActors } from '../../app-actors';

/** A cart changed in another tab is read again when the visitor comes back to this one. */
export function useCartRefreshOnReturn(cart: AppActors['cart']): void {
  useEffect(() => {
    const onReturn = () => {
      if (document.visibilityState === 'visible') cart.send({ type: 'cart.refresh' });
    };
    document.addEventListener('visibilitychange', onReturn);
    return () => document.removeEventListener('visibilitychange', onReturn);
  }, [cart]);
}
