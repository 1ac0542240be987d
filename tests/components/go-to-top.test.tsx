import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { GoToTop } from '../../src/components/go-to-top';

let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.spyOn(performance, 'now').mockReturnValue(0);
});
afterEach(() => vi.unstubAllGlobals());

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

it('appears only after 200 px of scrolling', () => {
  render(<GoToTop />);
  act(() => scrollTo(200));
  expect(screen.queryByRole('button', { name: '回到頁首' })).toBeNull();
  act(() => scrollTo(201));
  expect(screen.getByRole('button', { name: '回到頁首' })).toBeInTheDocument();
});

it('scrolls back to the top over 300 ms', () => {
  const positions: number[] = [];
  const record = (_x: number, y: number) => {
    positions.push(y);
  };
  vi.spyOn(window, 'scrollTo').mockImplementation(record as unknown as typeof window.scrollTo);
  render(<GoToTop />);
  act(() => scrollTo(1000));
  fireEvent.click(screen.getByRole('button', { name: '回到頁首' }));
  for (const t of [100, 200, 300]) frames.shift()?.(t);
  expect(positions[0]).toBeGreaterThan(0);
  expect(positions[0]).toBeLessThan(1000);
  expect(positions.at(-1)).toBe(0);
  expect(frames).toHaveLength(0);
});
