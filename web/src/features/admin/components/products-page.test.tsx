import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import {
  productFiltersFrom,
  productsHref,
  totalText,
  type AdminProduct,
  type AuditEntry,
  type BulkResult,
} from '@/features/admin/api/products';
import { REASON_LENGTH, REASON_REQUIRED, reasonProblem } from '@/features/admin/components/product-review-dialog';
import { AdminProductsPage, productCountText, stockLook } from '@/features/admin/components/products-page';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { adminVendor } from '@/test/selling';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const KAROO = adminVendor();
const CAPE = adminVendor({ id: '0190d000-0000-7000-8000-00000000c002', store_name: 'Cape Trail Co', store_slug: 'cape-trail-co' });

function product(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: '0190e000-0000-7000-8000-000000000001',
    slug: 'karoo-hiking-boot',
    name: 'Karoo Hiking Boot',
    sku: 'KOC-BOOT',
    brand: 'Karoo',
    category: 'footwear',
    status: 'pending_review',
    featured: false,
    listed: false,
    price_cents: 149900,
    available_stock: 2,
    low_stock_threshold: 5,
    image_url: null,
    vendor_id: KAROO.id,
    vendor_name: KAROO.store_name,
    review_note: null,
    version: 3,
    updated_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

const BOOT = product();
const TEE = product({
  id: '0190e000-0000-7000-8000-000000000002',
  slug: 'cape-trail-tee',
  name: 'Cape Trail Tee',
  sku: null,
  status: 'active',
  listed: true,
  featured: true,
  price_cents: 29900,
  available_stock: 0,
  low_stock_threshold: 3,
  image_url: 'https://cdn.example.com/tee.jpg',
  vendor_id: CAPE.id,
  vendor_name: CAPE.store_name,
  version: 7,
});

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  // Sonner replays toasts still on screen to a new Toaster; each test starts without any.
  toast.dismiss();
});

type Answer = { status: number; code: string; message: string; fields?: Record<string, string> };

function problem({ status, code, message, fields }: Answer) {
  return HttpResponse.json({ error: { code, message, fields } }, { status });
}

/**
 * The products kept in memory, as the server keeps them (a decision changes the status, the star
 * bumps the version); records each list query and change. `answers` make a change fail once, or
 * (`bulk`) answer a bulk change as given instead of applying it.
 */
function serveProducts(
  initial: AdminProduct[],
  answers: { review?: Answer; feature?: Answer; bulk?: Answer | BulkResult } = {},
) {
  let products = initial;
  const lists: string[] = [];
  const reviews: { id: string; body: unknown }[] = [];
  const features: { id: string; body: unknown }[] = [];
  const bulks: unknown[] = [];
  const history: Record<string, AuditEntry[]> = {};
  server.use(
    http.get('*/api/v1/admin/vendors', () => HttpResponse.json({ vendors: [KAROO, CAPE], total: 2 })),
    http.get('*/api/v1/admin/products', ({ request }) => {
      const url = new URL(request.url);
      const status = url.searchParams.get('status');
      const rows = products.filter((row) => !status || row.status === status);
      if (url.searchParams.get('per_page') !== '1') lists.push(url.search);
      return HttpResponse.json({ products: rows, total: { count: rows.length, capped: false } });
    }),
    http.post('*/api/v1/admin/products/:id/review', async ({ request, params }) => {
      const body = (await request.json()) as { approve: boolean; reason?: string };
      reviews.push({ id: String(params.id), body });
      const failure = answers.review;
      if (failure) {
        answers.review = undefined;
        return problem(failure);
      }
      const status = body.approve ? 'active' : 'draft';
      products = products.map((row) =>
        row.id === params.id ? { ...row, status, review_note: body.approve ? null : (body.reason ?? null) } : row,
      );
      return HttpResponse.json({ status });
    }),
    http.put('*/api/v1/admin/products/:id/featured', async ({ request, params }) => {
      const body = (await request.json()) as { featured: boolean; version: number };
      features.push({ id: String(params.id), body });
      const failure = answers.feature;
      if (failure) {
        answers.feature = undefined;
        return problem(failure);
      }
      let version = 0;
      products = products.map((row) => {
        if (row.id !== params.id) return row;
        version = row.version + 1;
        return { ...row, featured: body.featured, version };
      });
      return HttpResponse.json({ featured: body.featured, version });
    }),
    http.get('*/api/v1/admin/products/:id/history', ({ params }) =>
      HttpResponse.json({ audit: history[String(params.id)] ?? [] }),
    ),
    http.post('*/api/v1/admin/products/bulk', async ({ request }) => {
      const body = (await request.json()) as { ids: string[]; action: string; reason?: string };
      bulks.push(body);
      const answer = answers.bulk;
      if (answer) {
        answers.bulk = undefined;
        return 'code' in answer ? problem(answer) : HttpResponse.json(answer);
      }
      const next: Record<string, Partial<AdminProduct>> = {
        approve: { status: 'active' },
        reject: { status: 'draft', review_note: body.reason ?? null },
        feature: { featured: true },
        unfeature: { featured: false },
      };
      products = products.map((row) => (body.ids.includes(row.id) ? { ...row, ...next[body.action] } : row));
      const rows = body.ids.map((id) => ({ id, outcome: 'done', code: null, message: null }));
      return HttpResponse.json({ applied: true, rows } satisfies BulkResult);
    }),
  );
  return {
    lists,
    reviews,
    features,
    bulks,
    history,
    /** Someone else changes a product (the server's copy only). */
    change: (id: string, next: Partial<AdminProduct>) =>
      (products = products.map((row) => (row.id === id ? { ...row, ...next } : row))),
  };
}

function renderPage(search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(
    <>
      <AdminProductsPage />
      <Toaster />
    </>,
  );
}

function rowOf(name: string) {
  const row = screen.getAllByTestId('admin-product').find((element) => within(element).queryByText(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

describe('/admin/products', () => {
  it('lists the products with their store, status, price, stock and star, and the review queue’s count', async () => {
    const { lists } = serveProducts([BOOT, TEE]);
    renderPage();

    expect(await screen.findByTestId('product-count')).toHaveTextContent('2 products');
    expect(lists).toEqual(['?page=1&per_page=20']);

    const boot = rowOf('Karoo Hiking Boot');
    const name = within(boot).getByRole('link', { name: /^Karoo Hiking Boot ?\(opens in a new tab\)$/ });
    expect(name).toHaveAttribute('href', '/products/karoo-hiking-boot/');
    expect(name).toHaveAttribute('target', '_blank');
    expect(within(boot).getByTestId('product-store')).toHaveTextContent('Karoo Outdoor Co. · KOC-BOOT');
    expect(within(boot).getAllByTestId('status-badge').map((badge) => badge.textContent)).toEqual([
      'Waiting for review',
      'Low stock',
    ]);
    expect(within(boot).getByTestId('product-price')).toHaveTextContent('R1,499.00');
    expect(within(boot).getByRole('button', { name: 'Approve Karoo Hiking Boot' })).toBeInTheDocument();
    expect(within(boot).getByRole('button', { name: 'Reject Karoo Hiking Boot' })).toBeInTheDocument();
    expect(within(boot).getByRole('button', { name: 'Feature Karoo Hiking Boot' })).toHaveAttribute('aria-pressed', 'false');

    const tee = rowOf('Cape Trail Tee');
    expect(within(tee).getByTestId('product-store')).toHaveTextContent(/^Cape Trail Co$/);
    expect(within(tee).getByTestId('product-stock')).toHaveTextContent('0Out of stock');
    expect(within(tee).getByTestId('product-price')).toHaveTextContent('R299.00');
    expect(within(tee).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(tee).getByRole('button', { name: 'Feature Cape Trail Tee' })).toHaveAttribute('aria-pressed', 'true');

    const queue = screen.getByRole('navigation', { name: 'Review queue' });
    expect(within(queue).getByRole('link', { name: 'All products' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(within(queue).getByTestId('review-count')).toHaveTextContent('1'));
    expect(within(queue).getByRole('link', { name: 'Waiting for review 1' })).toHaveAttribute(
      'href',
      '/admin/products/?status=pending_review',
    );
  });

  it('asks the server for the filters in the URL, and puts a new choice in the URL', async () => {
    const { lists } = serveProducts([TEE]);
    renderPage(`status=active&stock=out&featured=true&vendor_id=${CAPE.id}&q=tee&page=2`);

    await screen.findByTestId('product-count');
    expect(lists[0]).toBe(`?q=tee&vendor_id=${CAPE.id}&status=active&stock=out&featured=true&page=2&per_page=20`);
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(screen.getByLabelText('Stock')).toHaveValue('out');
    expect(screen.getByLabelText('Featured')).toHaveValue('true');
    await waitFor(() => expect(screen.getByLabelText('Store')).toHaveDisplayValue('Cape Trail Co'));

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Store'), 'Karoo Outdoor Co.');
    expect(replace).toHaveBeenLastCalledWith(
      `/admin/products/?q=tee&vendor_id=${KAROO.id}&status=active&stock=out&featured=true`,
      { scroll: false },
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'Waiting for review');
    expect(replace).toHaveBeenLastCalledWith(
      `/admin/products/?q=tee&vendor_id=${CAPE.id}&status=pending_review&stock=out&featured=true`,
      { scroll: false },
    );
    const search = screen.getByRole('searchbox', { name: 'Search products' });
    await user.clear(search);
    await user.type(search, 'boot{Enter}');
    expect(replace).toHaveBeenLastCalledWith(
      `/admin/products/?q=boot&vendor_id=${CAPE.id}&status=active&stock=out&featured=true`,
      { scroll: false },
    );
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/admin/products/');
  });

  it('approves a product waiting for review', async () => {
    const { reviews } = serveProducts([BOOT, TEE]);
    renderPage('status=pending_review');
    const user = userEvent.setup();

    expect(screen.getByRole('link', { name: /^Waiting for review/ })).toHaveAttribute('aria-current', 'page');
    await user.click(await screen.findByRole('button', { name: 'Approve Karoo Hiking Boot' }));

    expect(await screen.findByText('Karoo Hiking Boot approved')).toBeInTheDocument();
    expect(reviews).toEqual([{ id: BOOT.id, body: { approve: true } }]);
    // The queue is read again: nothing waits any more.
    expect(await screen.findByRole('heading', { name: 'Nothing waits for review' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('review-count')).toHaveTextContent('0'));
  });

  it('rejects only with a reason of 3 to 1000 characters, confirmed in a dialog', async () => {
    const { reviews } = serveProducts([BOOT]);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Reject Karoo Hiking Boot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Karoo Hiking Boot?' });
    const send = within(dialog).getByRole('button', { name: 'Send back to draft' });
    await user.click(send);
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'no');
    await user.click(send);
    expect(within(dialog).getByText(REASON_LENGTH)).toBeInTheDocument();
    expect(reviews).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 't the real brand: remove the logo photos');
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reviews).toEqual([
      { id: BOOT.id, body: { approve: false, reason: 'not the real brand: remove the logo photos' } },
    ]);
    expect(await screen.findByText('Karoo Hiking Boot sent back to draft')).toBeInTheDocument();
    const boot = rowOf('Karoo Hiking Boot');
    await waitFor(() => expect(within(boot).getAllByTestId('status-badge')[0]).toHaveTextContent('Draft'));
    expect(within(boot).getByTestId('review-note')).toHaveTextContent('Sent back: not the real brand: remove the logo photos');
  });

  it('shows the server’s message when a decision is refused, and reads the list again', async () => {
    const api = serveProducts([BOOT], {
      review: { status: 409, code: 'not_pending', message: 'This product is not waiting for review' },
    });
    renderPage();
    const user = userEvent.setup();
    const approve = await screen.findByRole('button', { name: 'Approve Karoo Hiking Boot' });
    // Another admin decided first.
    api.change(BOOT.id, { status: 'active' });
    await user.click(approve);

    expect(await screen.findByText('This product is not waiting for review')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Approve Karoo Hiking Boot' })).not.toBeInTheDocument(),
    );
    expect(within(rowOf('Karoo Hiking Boot')).getAllByTestId('status-badge')[0]).toHaveTextContent('Active');
  });

  it('puts the server’s message in the dialog when it refuses the reason', async () => {
    serveProducts([BOOT], {
      review: { status: 400, code: 'validation_failed', message: 'Invalid', fields: { reason: 'The message must not contain control characters' } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject Karoo Hiking Boot' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Blurry photos');
    await user.click(within(dialog).getByRole('button', { name: 'Send back to draft' }));
    expect(await within(dialog).findByText('The message must not contain control characters')).toBeInTheDocument();
  });

  it('features a product with the version it was read at', async () => {
    const { features } = serveProducts([BOOT, TEE]);
    renderPage();
    const user = userEvent.setup();
    const star = await screen.findByRole('button', { name: 'Feature Karoo Hiking Boot' });
    await user.click(star);

    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    expect(features).toEqual([{ id: BOOT.id, body: { featured: true, version: 3 } }]);
    expect(await screen.findByText('Karoo Hiking Boot is featured')).toBeInTheDocument();

    // The next change sends the version the first one left.
    await waitFor(() => expect(star).toBeEnabled());
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
    expect(features[1]).toEqual({ id: BOOT.id, body: { featured: false, version: 4 } });
  });

  it('says when someone else changed the product, and shows it as it is now', async () => {
    const message = 'This product was changed by someone else: reload and try again';
    const api = serveProducts([TEE], { feature: { status: 409, code: 'stale', message } });
    renderPage();
    const user = userEvent.setup();
    const star = await screen.findByRole('button', { name: 'Feature Cape Trail Tee' });
    // Another admin unfeatured it meanwhile.
    api.change(TEE.id, { featured: false, version: 8 });
    await user.click(star);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.features).toEqual([{ id: TEE.id, body: { featured: false, version: 7 } }]);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'false'));
  });

  it('opens a product’s history', async () => {
    const api = serveProducts([TEE]);
    api.history[TEE.id] = [
      {
        id: '0190f000-0000-7000-8000-000000000001',
        action: 'product.feature',
        actor_email: 'ada@bazaar.example',
        actor_id: null,
        created_at: '2026-11-21T08:00:00Z',
        details: {} as AuditEntry['details'],
        subject_id: TEE.id,
        subject_type: 'product',
      },
      {
        id: '0190f000-0000-7000-8000-000000000002',
        action: 'product.reject',
        actor_email: 'ada@bazaar.example',
        actor_id: null,
        created_at: '2026-11-19T08:00:00Z',
        details: { reason: 'Photos of another brand' } as unknown as AuditEntry['details'],
        subject_id: TEE.id,
        subject_type: 'product',
      },
    ];
    renderPage();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'History of Cape Trail Tee' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'History of Cape Trail Tee' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Featured by ada@bazaar\.example · /);
    expect(items[1]).toHaveTextContent('Sent back to draft by ada@bazaar.example');
    expect(items[1]).toHaveTextContent('“Photos of another brand”');
  });

  it('links each store’s product to its editor, but not the platform’s own', async () => {
    const platformOwn = product({ id: '0190e000-0000-7000-8000-000000000009', name: 'Gift Card', vendor_id: null, vendor_name: null });
    serveProducts([BOOT, platformOwn]);
    renderPage();
    const edit = await screen.findByRole('link', { name: 'Edit Karoo Hiking Boot' });
    expect(edit).toHaveAttribute('href', `/admin/products/${BOOT.id}/edit/`);
    expect(within(rowOf('Gift Card')).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('approves the selected products at once, then clears the selection and reads the list again', async () => {
    const sock = product({ id: '0190e000-0000-7000-8000-000000000003', name: 'Karoo Sock' });
    const { bulks, lists } = serveProducts([BOOT, TEE, sock]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Karoo Hiking Boot' }));
    expect(screen.queryByRole('toolbar', { name: 'Change the selected products' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Cape Trail Tee' }));
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveProperty('indeterminate', true);
    const bar = screen.getByRole('toolbar', { name: 'Change the selected products' });
    expect(within(bar).getByTestId('selected-count')).toHaveTextContent('2 selected');
    const reads = lists.length;

    await user.click(within(bar).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('2 products approved')).toBeInTheDocument();
    expect(bulks).toEqual([{ ids: [BOOT.id, TEE.id], action: 'approve' }]);
    expect(screen.queryByRole('toolbar', { name: 'Change the selected products' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Karoo Hiking Boot' })).not.toBeChecked();
    await waitFor(() => expect(lists.length).toBeGreaterThan(reads));
    await waitFor(() => expect(within(rowOf('Karoo Hiking Boot')).getAllByTestId('status-badge')[0]).toHaveTextContent('Active'));
  });

  it('lists the refused products by name when a bulk change is not applied, and says nothing was changed', async () => {
    const { bulks } = serveProducts([BOOT, TEE], {
      bulk: {
        applied: false,
        rows: [
          { id: BOOT.id, outcome: 'done', code: null, message: null },
          { id: TEE.id, outcome: 'refused', code: 'not_pending', message: 'This product is not waiting for review' },
        ],
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByRole('toolbar', { name: 'Change the selected products' });
    await user.click(within(bar).getByRole('button', { name: 'Approve' }));

    const refused = await screen.findByTestId('bulk-refused');
    expect(refused).toHaveTextContent('Nothing was changed');
    const rows = within(within(refused).getByRole('list', { name: 'Refused products' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Cape Trail Tee: This product is not waiting for review']);
    expect(bulks).toEqual([{ ids: [BOOT.id, TEE.id], action: 'approve' }]);
    // Nothing changed: the selection stays, to send again without the refused product.
    expect(within(bar).getByTestId('selected-count')).toHaveTextContent('2 selected');
    await user.click(within(refused).getByRole('button', { name: 'Untick it' }));
    expect(within(bar).getByTestId('selected-count')).toHaveTextContent('1 selected');
    expect(screen.getByRole('checkbox', { name: 'Select Cape Trail Tee' })).not.toBeChecked();
    expect(screen.queryByTestId('bulk-refused')).not.toBeInTheDocument();
  });

  it('rejects the selected products only with a reason, which it sends', async () => {
    const { bulks } = serveProducts([BOOT, TEE]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByRole('toolbar', { name: 'Change the selected products' });
    await user.click(within(bar).getByRole('button', { name: 'Reject…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 products?' });
    const send = within(dialog).getByRole('button', { name: 'Send back to draft' });
    await user.click(send);
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(bulks).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Photos of another brand');
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bulks).toEqual([{ ids: [BOOT.id, TEE.id], action: 'reject', reason: 'Photos of another brand' }]);
    expect(await screen.findByText('2 products sent back to draft')).toBeInTheDocument();
  });

  it('features the selected products at once', async () => {
    const { bulks } = serveProducts([BOOT, TEE]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Karoo Hiking Boot' }));
    const bar = screen.getByRole('toolbar', { name: 'Change the selected products' });
    await user.click(within(bar).getByRole('button', { name: 'Feature' }));
    expect(await screen.findByText('1 product featured')).toBeInTheDocument();
    expect(bulks).toEqual([{ ids: [BOOT.id], action: 'feature' }]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Feature Karoo Hiking Boot' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it('says so when nothing waits for review', async () => {
    serveProducts([TEE]);
    renderPage('status=pending_review');
    expect(await screen.findByRole('heading', { name: 'Nothing waits for review' })).toBeInTheDocument();
  });
});

describe('the product list’s address', () => {
  it('keeps only what it knows, and leaves the defaults out', () => {
    const filters = productFiltersFrom(
      new URLSearchParams('status=bogus&stock=out&featured=maybe&vendor_id=not-an-id&q=%20boot%20&page=0'),
    );
    expect(filters).toEqual({ q: 'boot', vendor: '', status: '', stock: 'out', featured: '', page: 1 });
    expect(productsHref(filters)).toBe('/admin/products/?q=boot&stock=out');
    expect(productsHref({ ...filters, q: '', stock: '' })).toBe('/admin/products/');
    const round = productFiltersFrom(new URLSearchParams(`vendor_id=${KAROO.id}&status=pending_review&featured=false&page=3`));
    expect(productsHref(round)).toBe(`/admin/products/?vendor_id=${KAROO.id}&status=pending_review&featured=false&page=3`);
  });

  it('words counts, capped totals, stock and reasons as the page shows them', () => {
    expect(productCountText({ count: 1, capped: false })).toBe('1 product');
    expect(productCountText({ count: 500, capped: true })).toBe('More than 500 products');
    expect(totalText({ count: 500, capped: true })).toBe('500+');
    expect(stockLook({ available_stock: 0, low_stock_threshold: 5 })?.label).toBe('Out of stock');
    expect(stockLook({ available_stock: 5, low_stock_threshold: 5 })?.label).toBe('Low stock');
    expect(stockLook({ available_stock: 6, low_stock_threshold: 5 })).toBeNull();
    expect(reasonProblem('  ')).toBe(REASON_REQUIRED);
    expect(reasonProblem('ok')).toBe(REASON_LENGTH);
    expect(reasonProblem('x'.repeat(1001))).toBe(REASON_LENGTH);
    expect(reasonProblem('🙂🙂🙂')).toBeNull();
  });
});
