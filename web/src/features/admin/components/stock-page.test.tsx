import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { formatDateTime } from '@/lib/selling/statuses';
import {
  movementReasonText,
  stockFiltersFrom,
  stockHref,
  type AdminStockLevel,
  type AdminStockMovement,
} from '@/features/admin/api/stock';
import { LEVEL_NOT_WHOLE, parseLevel } from '@/features/admin/components/stock-adjust-dialog';
import { AdminStockPage } from '@/features/admin/components/stock-page';
import { countText } from '@/features/admin/lib/list-total';
import { REASON_LENGTH } from '@/features/admin/lib/user-words';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { adminVendor } from '@/test/selling';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const KAROO = adminVendor();
const CAPE = adminVendor({ id: '0190d000-0000-7000-8000-00000000c002', store_name: 'Cape Trail Co', store_slug: 'cape-trail-co' });

const BOOT_ID = '0190e000-0000-7000-8000-000000000001';
const BOOT_9_ID = '0190e000-0000-7000-8000-0000000000a9';
const TEE_ID = '0190e000-0000-7000-8000-000000000002';

function level(overrides: Partial<AdminStockLevel> = {}): AdminStockLevel {
  return {
    product_id: BOOT_ID,
    variation_id: BOOT_9_ID,
    product_name: 'Karoo Hiking Boot',
    variation_name: 'Size 9',
    sku: 'KOC-BOOT-9',
    status: 'active',
    image_url: null,
    stock_quantity: 2,
    low_stock_threshold: 5,
    low: true,
    vendor_id: KAROO.id,
    vendor_name: KAROO.store_name,
    ...overrides,
  };
}

const BOOT_9 = level();
const TEE = level({
  product_id: TEE_ID,
  variation_id: null,
  product_name: 'Cape Trail Tee',
  variation_name: null,
  sku: null,
  image_url: 'https://cdn.example.com/tee.jpg',
  stock_quantity: 0,
  low_stock_threshold: 3,
  vendor_id: CAPE.id,
  vendor_name: CAPE.store_name,
});

function movement(overrides: Partial<AdminStockMovement> = {}): AdminStockMovement {
  return {
    id: '0190f000-0000-7000-8000-00000000c001',
    product_id: BOOT_ID,
    variation_id: BOOT_9_ID,
    product_name: 'Karoo Hiking Boot',
    sku: 'KOC-BOOT-9',
    quantity_change: 8,
    stock_after: 10,
    reason: 'manual',
    order_number: null,
    actor_email: 'admin@example.com',
    vendor_id: KAROO.id,
    vendor_name: KAROO.store_name,
    created_at: '2026-11-26T09:30:00Z',
    ...overrides,
  };
}

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  // Sonner replays toasts still on screen to a new Toaster; each test starts without any.
  toast.dismiss();
});

type Answer = { status: number; code: string; message: string; fields?: Record<string, string> };

/**
 * The stock as the server keeps it: records each list's query string and each adjustment's body;
 * `failures` answer the next adjustments, one each, before they succeed.
 */
function serveStock({
  levels = [BOOT_9, TEE],
  movements = [] as AdminStockMovement[],
  failures = [] as Answer[],
} = {}) {
  const levelQueries: string[] = [];
  const movementQueries: string[] = [];
  const adjustments: unknown[] = [];
  server.use(
    http.get('*/api/v1/admin/vendors', () => HttpResponse.json({ vendors: [KAROO, CAPE], total: 2 })),
    http.get('*/api/v1/admin/stock', ({ request }) => {
      levelQueries.push(new URL(request.url).search);
      return HttpResponse.json({ levels, total: { count: levels.length, capped: false } });
    }),
    http.get('*/api/v1/admin/stock/movements', ({ request }) => {
      movementQueries.push(new URL(request.url).search);
      return HttpResponse.json({ movements, total: { count: movements.length, capped: false } });
    }),
    http.put('*/api/v1/admin/stock/level', async ({ request }) => {
      const body = (await request.json()) as { stock_quantity: number };
      adjustments.push(body);
      const failure = failures.shift();
      if (failure) {
        const { status, code, message, fields } = failure;
        return HttpResponse.json({ error: { code, message, fields } }, { status });
      }
      return HttpResponse.json({ before: 2, after: body.stock_quantity });
    }),
  );
  return { levelQueries, movementQueries, adjustments };
}

function page(search: string) {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return (
    <>
      <AdminStockPage />
      <Toaster />
    </>
  );
}

function renderPage(search = '') {
  storeSession();
  const rendered = renderWithQueryClient(page(search));
  return { ...rendered, goTo: (next: string) => rendered.rerender(page(next)) };
}

function rowOf(name: string) {
  const row = screen.getAllByTestId('stock-level').find((element) => within(element).queryByText(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

describe('/admin/stock-management levels', () => {
  it('lists the low and out levels with their store, stock, threshold and badge', async () => {
    const { levelQueries, movementQueries } = serveStock();
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Stock management' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('stock-level')).toHaveLength(2);
    expect(levelQueries).toEqual(['?state=low&page=1&per_page=20']);
    // Only the open tab asks for its list.
    expect(movementQueries).toEqual([]);
    expect(screen.getByRole('tab', { name: 'Levels' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('stock-level-count')).toHaveTextContent('2 stock levels');
    expect(screen.getByRole('columnheader', { name: 'Store' })).toBeInTheDocument();

    const boot = rowOf('Karoo Hiking Boot');
    expect(within(boot).getByTestId('stock-level-name')).toHaveTextContent('Karoo Hiking Boot – Size 9');
    expect(within(boot).getByText('SKU KOC-BOOT-9')).toBeInTheDocument();
    expect(within(boot).getByTestId('stock-level-store')).toHaveTextContent('Karoo Outdoor Co.');
    expect(within(boot).getByTestId('stock-level-stock')).toHaveTextContent('2Threshold 5Low');
    expect(within(boot).getByRole('button', { name: 'Adjust stock of Karoo Hiking Boot – Size 9' })).toBeInTheDocument();
    expect(within(boot).getByRole('link', { name: 'History of Karoo Hiking Boot' })).toHaveAttribute(
      'href',
      `/admin/stock-management/?tab=movements&product_id=${BOOT_ID}`,
    );

    const tee = rowOf('Cape Trail Tee');
    expect(within(tee).getByTestId('stock-level-store')).toHaveTextContent('Cape Trail Co');
    expect(within(tee).getByText('No SKU')).toBeInTheDocument();
    expect(within(tee).getByTestId('stock-level-stock')).toHaveTextContent('0Threshold 3Out');
    expect(within(tee).getByTestId('status-badge')).toHaveTextContent(/^Out$/);
  });

  it('asks for what is out of stock once the state filter says so, and searches by store', async () => {
    const { levelQueries } = serveStock();
    const { goTo } = renderPage();
    await screen.findAllByTestId('stock-level');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('State'), 'Out of stock');
    expect(replace).toHaveBeenLastCalledWith('/admin/stock-management/?state=out', { scroll: false });

    goTo('state=out');
    await waitFor(() => expect(levelQueries).toContain('?state=out&page=1&per_page=20'));
    expect(screen.getByLabelText('State')).toHaveValue('out');

    await waitFor(() => expect(within(screen.getByLabelText('Store')).getByRole('option', { name: 'Cape Trail Co' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Store'), 'Cape Trail Co');
    expect(replace).toHaveBeenLastCalledWith(`/admin/stock-management/?vendor_id=${CAPE.id}&state=out`, { scroll: false });

    await user.type(screen.getByRole('searchbox', { name: 'Search stock' }), 'tee{Enter}');
    expect(replace).toHaveBeenLastCalledWith('/admin/stock-management/?q=tee&state=out', { scroll: false });
  });

  it('says nothing is low when the low list is empty, and that nothing matches a search', async () => {
    serveStock({ levels: [] });
    const { goTo } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Nothing is low on stock' })).toBeInTheDocument();

    goTo('q=boot');
    expect(await screen.findByRole('heading', { name: 'No stock levels match' })).toBeInTheDocument();
    expect(screen.getByText('Nothing matches “boot” with these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/admin/stock-management/');
  });

  it('shows a failed load with a retry', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v1/admin/vendors', () => HttpResponse.json({ vendors: [], total: 0 })),
      http.get('*/api/v1/admin/stock', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: { code: 'bad_request', message: 'The search is too long' } }, { status: 400 })
          : HttpResponse.json({ levels: [TEE], total: { count: 1, capped: false } });
      }),
    );
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search is too long');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('stock-level')).toHaveLength(1);
  });
});

describe('/admin/stock-management adjusting a level', () => {
  async function openDialog() {
    const user = userEvent.setup();
    await screen.findAllByTestId('stock-level');
    await user.click(screen.getByRole('button', { name: 'Adjust stock of Karoo Hiking Boot – Size 9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock of Karoo Hiking Boot – Size 9' });
    expect(dialog).toHaveAttribute('data-testid', 'stock-adjust-dialog');
    return { user, dialog };
  }

  it('sends the level and the reason, shows the server’s field error, then saves and reads the lists again', async () => {
    const { adjustments, levelQueries } = serveStock({
      failures: [{ status: 400, code: 'validation', message: 'Invalid input', fields: { reason: 'Say what was counted' } }],
    });
    renderPage();
    const { user, dialog } = await openDialog();

    const input = within(dialog).getByLabelText('New level');
    expect(input).toHaveValue(2);
    await user.clear(input);
    await user.type(input, '10');
    await user.type(within(dialog).getByLabelText('Reason'), 'Shelf count');
    await user.click(within(dialog).getByRole('button', { name: 'Save level' }));

    expect(await within(dialog).findByText('Say what was counted')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(adjustments).toEqual([{ product_id: BOOT_ID, variation_id: BOOT_9_ID, stock_quantity: 10, reason: 'Shelf count' }]);

    await user.click(within(dialog).getByRole('button', { name: 'Save level' }));
    expect(await screen.findByText('Stock of Karoo Hiking Boot – Size 9 set to 10')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('stock-adjust-dialog')).not.toBeInTheDocument());
    expect(adjustments).toHaveLength(2);
    // The first list, the read after the refused change, and the one after the saved change.
    await waitFor(() => expect(levelQueries).toHaveLength(3));
  });

  it('checks the level and the reason before sending', async () => {
    const { adjustments } = serveStock();
    renderPage();
    const { user, dialog } = await openDialog();

    await user.clear(within(dialog).getByLabelText('New level'));
    await user.type(within(dialog).getByLabelText('Reason'), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Save level' }));

    expect(within(dialog).getByText(LEVEL_NOT_WHOLE)).toBeInTheDocument();
    expect(within(dialog).getByText(REASON_LENGTH)).toBeInTheDocument();
    expect(adjustments).toEqual([]);
  });

  it('shows a 409 in the dialog', async () => {
    serveStock({ failures: [{ status: 409, code: 'unchanged', message: 'The level is already 2' }] });
    renderPage();
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('Reason'), 'Counted again');
    await user.click(within(dialog).getByRole('button', { name: 'Save level' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The level is already 2');
    expect(screen.getByTestId('stock-adjust-dialog')).toBeInTheDocument();
  });
});

describe('/admin/stock-management movements', () => {
  it('lists the movements with their reason in words, order and who made them', async () => {
    const { movementQueries, levelQueries } = serveStock({
      movements: [
        movement(),
        movement({
          id: '0190f000-0000-7000-8000-00000000c002',
          product_id: TEE_ID,
          variation_id: null,
          product_name: 'Cape Trail Tee',
          sku: null,
          quantity_change: 1,
          stock_after: 1,
          reason: 'return',
          order_number: 'BZ-2026112601',
          actor_email: null,
          vendor_id: CAPE.id,
          vendor_name: CAPE.store_name,
        }),
      ],
    });
    renderPage('tab=movements');

    const rows = await screen.findAllByTestId('stock-movement');
    expect(movementQueries).toEqual(['?page=1&per_page=20']);
    expect(levelQueries).toEqual([]);
    expect(screen.getByRole('tab', { name: 'Movements' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('stock-movement-count')).toHaveTextContent('2 movements');

    const [manual, refund] = rows as [HTMLElement, HTMLElement];
    expect(within(manual).getByText(formatDateTime('2026-11-26T09:30:00Z'))).toBeInTheDocument();
    expect(within(manual).getByText('Karoo Hiking Boot')).toBeInTheDocument();
    expect(within(manual).getByText('SKU KOC-BOOT-9')).toBeInTheDocument();
    expect(within(manual).getByText('Karoo Outdoor Co.')).toBeInTheDocument();
    expect(within(manual).getByTestId('stock-movement-change')).toHaveTextContent('+8');
    expect(within(manual).getByTestId('stock-movement-reason')).toHaveTextContent('Manual change');
    expect(within(manual).getByTestId('stock-movement-actor')).toHaveTextContent('admin@example.com');

    expect(within(refund).getByTestId('stock-movement-reason')).toHaveTextContent('Refund return');
    expect(within(refund).getByText('BZ-2026112601')).toBeInTheDocument();
    expect(within(refund).getByText('Cape Trail Co')).toBeInTheDocument();
    expect(within(refund).getByTestId('stock-movement-actor')).toHaveTextContent('—');
  });

  it('shows one product’s movements with a way back to all, and switches tabs through the URL', async () => {
    const { movementQueries } = serveStock({ movements: [movement({ reason: 'sale', quantity_change: -1, stock_after: 1, order_number: 'BZ-1' })] });
    renderPage(`tab=movements&product_id=${BOOT_ID}&vendor_id=${KAROO.id}`);

    await screen.findAllByTestId('stock-movement');
    expect(movementQueries).toEqual([`?vendor_id=${KAROO.id}&product_id=${BOOT_ID}&page=1&per_page=20`]);
    expect(screen.getByTestId('stock-product-filter')).toHaveTextContent('Showing one product: Karoo Hiking Boot — Show all');
    expect(screen.getByRole('link', { name: /^Show all/ })).toHaveAttribute(
      'href',
      `/admin/stock-management/?tab=movements&vendor_id=${KAROO.id}`,
    );
    expect(screen.getByTestId('stock-movement-change')).toHaveTextContent('−1');
    expect(screen.getByTestId('stock-movement-reason')).toHaveTextContent('Sale');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Levels' }));
    expect(replace).toHaveBeenLastCalledWith(`/admin/stock-management/?vendor_id=${KAROO.id}`, { scroll: false });
  });

  it('says when there are no movements', async () => {
    serveStock();
    renderPage('tab=movements');
    expect(await screen.findByRole('heading', { name: 'No stock movements yet' })).toBeInTheDocument();
  });
});

describe('stock words and addresses', () => {
  it('reads and writes the URL, leaving defaults and the other tab’s filters out', () => {
    const filters = stockFiltersFrom(new URLSearchParams(`q=boot&state=nope&vendor_id=x&product_id=${BOOT_ID}&page=2`));
    expect(filters).toEqual({ tab: 'levels', q: 'boot', vendor: '', state: 'low', product: BOOT_ID, page: 2 });
    expect(stockHref(filters)).toBe('/admin/stock-management/?q=boot&page=2');
    expect(stockHref({ ...filters, tab: 'movements' })).toBe(`/admin/stock-management/?tab=movements&product_id=${BOOT_ID}&page=2`);
  });

  it('counts, names reasons and reads levels as typed', () => {
    expect(countText({ count: 1, capped: false }, 'movement', 'movements')).toBe('1 movement');
    expect(countText({ count: 10000, capped: true }, 'stock level', 'stock levels')).toBe('More than 10,000 stock levels');
    expect(['sale', 'cancellation', 'manual', 'import', 'return', 'shrinkage'].map(movementReasonText)).toEqual([
      'Sale',
      'Cancellation',
      'Manual change',
      'Import',
      'Refund return',
      'shrinkage',
    ]);
    expect(parseLevel(' 12 ')).toBe(12);
    expect(parseLevel('0')).toBe(0);
    expect(parseLevel('-1')).toBeNull();
    expect(parseLevel('1.5')).toBeNull();
    expect(parseLevel('1000000001')).toBeNull();
  });
});
