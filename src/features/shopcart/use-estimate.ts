import { useEffect, useState } from 'react';
import {
  type CartEstimate,
  planSchema,
  type ShopcartPlan,
  type ShopcartValidationContext,
} from '../../domain/api/shopcart';
import { ApiFailure, apiPost } from '../../lib/api-client';

export type EstimateState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; estimate: CartEstimate }
  | { status: 'failed'; message: string };

const WAIT_MS = 400;

/**
 * The premium estimate of the cart for the plan as typed: asked of the server (the one pricing module and
 * the seeded rates) once the values are valid and the visitor stopped typing; asked again when the cart
 * changes.
 */
export function useEstimate(
  values: Record<string, unknown>,
  rules: ShopcartValidationContext | null,
  cartSignature: string,
): EstimateState {
  const [state, setState] = useState<EstimateState>({ status: 'idle' });
  const key = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for values; cartSignature re-asks
  useEffect(() => {
    if (!rules || !planSchema.isValidSync(values, { context: rules })) {
      setState({ status: 'idle' });
      return;
    }
    const plan: ShopcartPlan = planSchema.cast(values, { context: rules });
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading' });
      apiPost<CartEstimate>('shopcart/estimate', plan, { signal: abort.signal }).then(
        (estimate) => setState({ status: 'ready', estimate }),
        (error: unknown) => {
          if (error instanceof ApiFailure) setState({ status: 'failed', message: error.message });
        },
      );
    }, WAIT_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key, rules, cartSignature]);
  return state;
}
