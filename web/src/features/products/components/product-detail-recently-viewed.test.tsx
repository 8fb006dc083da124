import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { usePathname } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductDetailPage } from '@/features/products/components/product-detail-page';
import { RECENTLY_VIEWED_KEY } from '@/lib/recently-viewed';
import { productDetail, publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ usePathname: vi.fn() }));

const OTHER_ID = '0190a000-0000-7000-8000-0000000000aa';

function stored(): unknown {
  return JSON.parse(window.localStorage.getItem(RECENTLY_VIEWED_KEY) ?? 'null');
}

describe('ProductDetailPage and the recently viewed list', () => {
  beforeEach(() => {
    server.use(
      http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())),
      http.post('*/api/v1/analytics/events', () => HttpResponse.json({ accepted: true }, { status: 202 })),
    );
  });

  it('puts the product first in the list once it has loaded', async () => {
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([OTHER_ID]));
    vi.mocked(usePathname).mockReturnValue('/products/ovr-aero-running-tee/');
    server.use(http.get('*/api/v1/products/:slug', () => HttpResponse.json({ product: productDetail() })));

    renderWithQueryClient(<ProductDetailPage />);

    await screen.findByTestId('product-name');
    await waitFor(() => expect(stored()).toEqual([productDetail().id, OTHER_ID]));
  });

  it('records nothing for a product that does not exist', async () => {
    vi.mocked(usePathname).mockReturnValue('/products/no-such-product/');
    server.use(
      http.get('*/api/v1/products/:slug', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Product not found' } }, { status: 404 }),
      ),
    );

    renderWithQueryClient(<ProductDetailPage />);

    await screen.findByRole('heading', { name: 'Product not found' });
    expect(stored()).toBeNull();
  });
});
