import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { ProductChangeResult, VendorProductLine } from '@/features/products/api/vendor-product-types';
import { bulkSummary, VendorProductsPage } from '@/features/products/components/vendor-products-page';
import { storeSession } from '@/test/auth';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { vendorProductLine, vendorProductList } from '@/test/vendor-products';

vi.mock('next/navigation', () => ({
  useRouter: vi.fn(),
  useSearchParams: vi.fn(),
  usePathname: vi.fn(() => '/vendor/products/'),
}));

let replace: ReturnType<typeof vi.fn>;

const tee = vendorProductLine();
const hoodie = vendorProductLine({
  id: '0190f000-0000-7000-8000-00000000p002',
  slug: 'cape-trail-hoodie',
  name: 'Cape Trail Hoodie',
  status: 'draft',
  sku: null,
  image_url: null,
  price_cents: 79900,
  min_price_cents: 69900,
  max_price_cents: 89900,
  variation_count: 3,
  available_stock: 0,
  listed: false,
});
const cap = vendorProductLine({
  id: '0190f000-0000-7000-8000-00000000p003',
  slug: 'cape-trail-cap',
  name: 'Cape Trail Cap',
  status: 'inactive',
  sku: 'CTC-CAP',
  price_cents: 25000,
  sale_price_cents: 19900,
  min_price_cents: 19900,
  max_price_cents: 19900,
  listed: false,
});

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  storeSession();
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
});

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

/** Serves the list (recording each query string) and answers each bulk change with `answer`. */
function serveProducts(lines: VendorProductLine[], answer?: ProductChangeResult | { status: number; code: string; message: string }) {
  const queries: string[] = [];
  const changes: unknown[] = [];
  server.use(
    http.get('*/api/v1/vendor/products', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(vendorProductList(lines));
    }),
    http.post('*/api/v1/vendor/products/bulk', async ({ request }) => {
      changes.push(await request.json());
      if (answer && 'code' in answer) {
        return HttpResponse.json({ error: { code: answer.code, message: answer.message, title: 'Not saved' } }, { status: answer.status });
      }
      return HttpResponse.json(answer ?? { moved: [], unchanged: [] });
    }),
  );
  return { queries, changes };
}

function renderList(search = '') {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(
    <>
      <VendorProductsPage />
      <Toaster />
    </>,
  );
}

describe('/vendor/products', () => {
  it('lists the products of the filters in the URL: picture, name, SKU or variations, price, stock, status', async () => {
    const { queries } = serveProducts([tee, hoodie, cap]);
    renderList('status=draft&q=cape&sort=price-desc&page=2');

    const rows = await screen.findAllByTestId('product-row');
    expect(rows).toHaveLength(3);
    expect(queries[0]).toBe('?q=cape&status=draft&sort=price-desc&page=2&per_page=20');

    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Cape Trail Tee' })).toHaveAttribute(
      'href',
      '/vendor/products/0190f000-0000-7000-8000-00000000p001/edit/',
    );
    expect(first.querySelector('img')).toHaveAttribute('src', '/media/v/cape-trail-co/tee.jpg');
    expect(within(first).getByTestId('product-sku')).toHaveTextContent('CTC-TEE');
    expect(within(first).getByTestId('product-price')).toHaveTextContent('R349.00');
    expect(within(first).getByTestId('product-stock')).toHaveTextContent('12');
    expect(within(first).getByTestId('status-badge')).toHaveTextContent('Active');
    expect(first).toHaveTextContent('Listed');

    expect(within(second).getByTestId('product-sku')).toHaveTextContent('3 variations');
    expect(within(second).getByTestId('product-price')).toHaveTextContent('R699.00 – R899.00');
    expect(within(second).getByTestId('product-stock')).toHaveTextContent('Out of stock');
    expect(within(second).getByTestId('status-badge')).toHaveTextContent('Draft');
    expect(second).toHaveTextContent('Not listed');

    // On sale: the sale price, and the price it was.
    expect(within(third).getByTestId('product-price')).toHaveTextContent('R199.00was R250.00');

    // The controls keep the other filters and go back to page 1.
    const tabs = screen.getByRole('navigation', { name: 'Product status' });
    expect(within(tabs).getByRole('link', { name: 'Drafts' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Archived' })).toHaveAttribute(
      'href',
      '/vendor/products/?q=cape&status=archived&sort=price-desc',
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Stock: lowest first');
    expect(replace).toHaveBeenCalledWith('/vendor/products/?q=cape&status=draft&sort=stock-asc', { scroll: false });
    const search = screen.getByRole('searchbox', { name: 'Search your products' });
    await user.clear(search);
    await user.type(search, 'CTC-CAP{Enter}');
    expect(replace).toHaveBeenLastCalledWith('/vendor/products/?q=CTC-CAP&status=draft&sort=price-desc', { scroll: false });
    expect(screen.getByRole('link', { name: 'New product' })).toHaveAttribute('href', '/vendor/products/new/');
  });

  it('changes the ticked products at once and says how many moved', async () => {
    const { changes, queries } = serveProducts([tee, hoodie, cap], {
      moved: [
        { id: hoodie.id, status: 'active' },
        { id: cap.id, status: 'pending_review' },
      ],
      unchanged: [tee.id],
    });
    renderList();
    await screen.findAllByTestId('product-row');
    const user = userEvent.setup();
    const toolbar = screen.getByRole('toolbar', { name: 'Change the ticked products' });
    expect(within(toolbar).getByRole('button', { name: 'Activate' })).toBeDisabled();

    // Every row of the page, then one less.
    const all = screen.getByRole('checkbox', { name: 'Select every product on this page' });
    await user.click(all);
    expect(screen.getByTestId('selected-count')).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select Cape Trail Tee' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('2 selected');
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Cape Trail Tee' }));

    await user.click(within(toolbar).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('2 products activated')).toBeInTheDocument();
    expect(screen.getByText('1 is waiting for review before going on sale. 1 was already active.')).toBeInTheDocument();
    expect(changes).toEqual([{ ids: [tee.id, hoodie.id, cap.id], action: 'activate' }]);
    // The list is read again, and nothing is ticked any more.
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('Tick products to change them');
  });

  it('sends a vendor behind on the agreement to their contracts', async () => {
    serveProducts([tee], {
      status: 409,
      code: 'agreement_required',
      message: 'Accept the current vendor agreement before publishing products',
    });
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Cape Trail Tee' }));
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    const alert = await screen.findByTestId('bulk-problem');
    expect(alert).toHaveTextContent('Accept the current vendor agreement before publishing products');
    expect(within(alert).getByRole('link', { name: 'Go to your contracts' })).toHaveAttribute('href', '/vendor/contracts/');
  });

  it('invites a vendor without products to add the first one', async () => {
    serveProducts([]);
    renderList();
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first product' })).toHaveAttribute('href', '/vendor/products/new/');
  });
});

describe('bulkSummary', () => {
  it('says when nothing moved', () => {
    expect(bulkSummary('archive', { moved: [], unchanged: ['a', 'b'] })).toEqual({
      title: 'No products changed',
      description: '2 were already archived.',
    });
    expect(bulkSummary('deactivate', { moved: [{ id: 'a', status: 'inactive' }], unchanged: [] })).toEqual({
      title: '1 product deactivated',
    });
  });
});
