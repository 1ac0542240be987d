import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ChunkLoadError } from '../src/lib/chunk-loader';
import { RouteError } from '../src/route-error';

it('names the chunk and the failure in Traditional Chinese and offers a retry', () => {
  render(<RouteError error={new ChunkLoadError('ODGAF041', 'timeout')} reset={() => {}} />);
  expect(screen.getByRole('alert')).toHaveTextContent('「ODGAF041」頁面載入失敗：網路回應逾時');
  expect(screen.getByRole('button', { name: '重新載入' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '回首頁' })).toHaveAttribute('href', '/groupins/');
});

it('says something useful for any other error too', () => {
  render(<RouteError error={new Error('boom')} reset={() => {}} />);
  expect(screen.getByRole('alert')).toHaveTextContent('頁面顯示時發生錯誤');
  expect(screen.getByRole('alert')).not.toHaveTextContent('boom');
});
