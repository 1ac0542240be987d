import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { routeNames, useRouteNames } from '../../src/features/navigation/route-names';

it('gives a screen the from-route and to-route names, and follows each navigation', () => {
  const { result } = renderHook(() => useRouteNames());
  act(() => routeNames.set({ from: 'ODGAF000', to: 'ODGAF070' }));
  expect(result.current).toEqual({ from: 'ODGAF000', to: 'ODGAF070' });
  act(() => routeNames.set({ from: 'ODGAF070', to: 'ODGAF071' }));
  expect(result.current).toEqual({ from: 'ODGAF070', to: 'ODGAF071' });
});
