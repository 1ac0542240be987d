import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LoadingOverlay } from '../../src/components/loading-overlay';
import { pendingCalls } from '../../src/lib/pending-calls';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const overlay = () => screen.queryByRole('status');

it('stays hidden for a call quicker than 200 ms', () => {
  render(<LoadingOverlay />);
  let end = () => {};
  act(() => {
    end = pendingCalls.begin();
  });
  act(() => vi.advanceTimersByTime(150));
  act(() => end());
  act(() => vi.advanceTimersByTime(500));
  expect(overlay()).toBeNull();
});

it('shows while overlapping calls are in flight and hides only after the last one', () => {
  render(<LoadingOverlay />);
  let endFirst = () => {};
  let endSecond = () => {};
  act(() => {
    endFirst = pendingCalls.begin();
    endSecond = pendingCalls.begin();
  });
  act(() => vi.advanceTimersByTime(250));
  expect(overlay()).toHaveTextContent('處理中，請稍候');
  act(() => endFirst());
  act(() => vi.advanceTimersByTime(250));
  expect(overlay()).not.toBeNull();
  act(() => endSecond());
  expect(overlay()).toBeNull();
  expect(pendingCalls.count()).toBe(0);
});

it('counts a call once even if its end is reported twice', () => {
  const end = pendingCalls.begin();
  end();
  end();
  expect(pendingCalls.count()).toBe(0);
});
