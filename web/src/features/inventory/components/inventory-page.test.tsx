import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { StockImportReport, StockLevel, StockMovement } from '@/features/inventory/api/inventory-types';
import { InventoryPage } from '@/features/inventory/components/inventory-page';
import { storeSession } from '@/test/auth';
import {
  CAP_ID,
  importReport,
  stockLevel,
  stockLevelList,
  stockMovement,
  stockMovementList,
  TEE_ID,
  TEE_M_ID,
} from '@/test/inventory';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({
  useRouter: vi.fn(),
  useSearchParams: vi.fn(),
  usePathname: vi.fn(() => '/vendor/inventory/'),
}));

let replace: ReturnType<typeof vi.fn>;

const teeM = stockLevel({
  product_id: TEE_ID,
  variation_id: TEE_M_ID,
  product_name: 'Cape Trail Tee',
  variation_name: 'M',
  sku: 'CTC-TEE-M',
  image_url: null,
  stock_quantity: 2,
  low_stock_threshold: 3,
  low: true,
});
const cap = stockLevel();

const sale = stockMovement();
const manual = stockMovement({
  id: '0190f000-0000-7000-8000-00000000c002',
  product_id: CAP_ID,
  variation_id: null,
  product_name: 'Cape Trail Cap',
  sku: 'CTC-CAP',
  quantity_change: 7,
  stock_after: 12,
  reason: 'manual',
  order_number: null,
  actor_email: 'vusi@example.com',
  created_at: '2026-11-25T14:05:00Z',
});

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  storeSession();
});

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

type Problem = { status: number; fields?: Record<string, string>; message?: string };

/** Serves the levels and the history (recording each query string) and answers changes with `answers`. */
function serveInventory(
  levels: StockLevel[],
  movements: StockMovement[] = [],
  answers: { level?: Problem; threshold?: Problem; dryRun?: StockImportReport | Problem; apply?: StockImportReport } = {},
) {
  const levelQueries: string[] = [];
  const movementQueries: string[] = [];
  const levelChanges: unknown[] = [];
  const thresholdChanges: unknown[] = [];
  const imports: { search: string; type: string | null; body: string }[] = [];
  const problem = ({ status, fields, message }: Problem) =>
    HttpResponse.json(
      { error: { code: status === 400 ? 'validation_failed' : 'not_found', message: message ?? 'Invalid', fields } },
      { status },
    );
  server.use(
    http.get('*/api/v1/vendor/inventory', ({ request }) => {
      levelQueries.push(new URL(request.url).search);
      return HttpResponse.json(stockLevelList(levels));
    }),
    http.get('*/api/v1/vendor/inventory/movements', ({ request }) => {
      movementQueries.push(new URL(request.url).search);
      return HttpResponse.json(stockMovementList(movements));
    }),
    http.put('*/api/v1/vendor/inventory/level', async ({ request }) => {
      levelChanges.push(await request.json());
      return answers.level ? problem(answers.level) : new HttpResponse(null, { status: 204 });
    }),
    http.put('*/api/v1/vendor/inventory/threshold', async ({ request }) => {
      thresholdChanges.push(await request.json());
      return answers.threshold ? problem(answers.threshold) : new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/v1/vendor/inventory/import', async ({ request }) => {
      const search = new URL(request.url).search;
      imports.push({ search, type: request.headers.get('content-type'), body: await request.text() });
      if (search === '?dry_run=false') return HttpResponse.json(answers.apply ?? importReport({ applied: true }));
      const dryRun = answers.dryRun ?? importReport();
      return 'status' in dryRun ? problem(dryRun) : HttpResponse.json(dryRun);
    }),
  );
  return { levelQueries, movementQueries, levelChanges, thresholdChanges, imports };
}

function renderInventory(search = '') {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(
    <>
      <InventoryPage />
      <Toaster />
    </>,
  );
}

// Node's File: the fetch under test (Node's) sends only its own Blobs as bytes.
function csvFile(text: string, name = 'stock.csv'): File {
  return new NodeFile([text], name, { type: 'application/vnd.ms-excel' }) as unknown as File;
}

describe('/vendor/inventory', () => {
  it('lists the levels, lowest first: picture, product and variation, SKU, stock, threshold and a Low badge', async () => {
    const { levelQueries } = serveInventory([teeM, cap]);
    renderInventory();

    const rows = await screen.findAllByTestId('stock-row');
    expect(rows).toHaveLength(2);
    expect(levelQueries[0]).toBe('?page=1&per_page=20');
    expect(screen.getByTestId('low-count')).toHaveTextContent('1 item is low on stock.');

    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('level-name')).toHaveTextContent('Cape Trail Tee – M');
    expect(within(first).getByTestId('level-sku')).toHaveTextContent('CTC-TEE-M');
    expect(within(first).getByText('Low')).toBeInTheDocument();
    expect(within(first).getByRole('spinbutton', { name: 'Stock of Cape Trail Tee – M' })).toHaveValue(2);
    const threshold = within(first).getByRole('spinbutton', { name: 'Low-stock threshold of Cape Trail Tee' });
    expect(threshold).toHaveValue(3);
    expect(threshold).toHaveAccessibleDescription('For every variation');

    expect(second.querySelector('img')).toHaveAttribute('src', '/media/v/cape-trail-co/cap.jpg');
    expect(within(second).getByTestId('level-name')).toHaveTextContent('Cape Trail Cap');
    expect(within(second).queryByText('Low')).not.toBeInTheDocument();
    expect(within(second).getByRole('spinbutton', { name: 'Stock of Cape Trail Cap' })).toHaveValue(12);
  });

  it('filters to the low levels from the URL (?low=true, the dashboard’s to-do) and with the toggle', async () => {
    const { levelQueries } = serveInventory([teeM]);
    renderInventory('low=true&q=tee');
    await screen.findAllByTestId('stock-row');
    expect(levelQueries[0]).toBe('?q=tee&low=true&page=1&per_page=20');

    const toggle = screen.getByRole('checkbox', { name: 'Low stock only' });
    expect(toggle).toBeChecked();
    const user = userEvent.setup();
    await user.click(toggle);
    expect(replace).toHaveBeenLastCalledWith('/vendor/inventory/?q=tee', { scroll: false });

    const search = screen.getByRole('searchbox', { name: 'Search your stock' });
    await user.clear(search);
    await user.type(search, 'CTC-CAP{Enter}');
    expect(replace).toHaveBeenLastCalledWith('/vendor/inventory/?q=CTC-CAP&low=true', { scroll: false });
  });

  it('turns the low filter on from the full list', async () => {
    serveInventory([cap]);
    renderInventory();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Low stock only' }));
    expect(replace).toHaveBeenLastCalledWith('/vendor/inventory/?low=true', { scroll: false });
  });

  it('says so when nothing is low', async () => {
    serveInventory([]);
    renderInventory('low=true');
    expect(await screen.findByRole('heading', { name: 'Nothing is low on stock' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all stock' })).toHaveAttribute('href', '/vendor/inventory/');
  });

  it('saves a stock level on Enter with the level’s product and variation, and says so', async () => {
    const { levelChanges, levelQueries } = serveInventory([teeM, cap]);
    renderInventory();
    const input = await screen.findByRole('spinbutton', { name: 'Stock of Cape Trail Tee – M' });
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '9{Enter}');

    expect(await screen.findByText('Stock updated')).toBeInTheDocument();
    expect(levelChanges).toEqual([{ product_id: TEE_ID, variation_id: TEE_M_ID, stock_quantity: 9 }]);
    // Leaving the box after Enter sends nothing more; the levels are read again.
    await user.tab();
    expect(levelChanges).toHaveLength(1);
    await waitFor(() => expect(levelQueries.length).toBeGreaterThan(1));
  });

  it('saves a product without variations on leaving the box, and shows the API’s message under it on a 400', async () => {
    const { levelChanges } = serveInventory([teeM, cap], [], {
      level: { status: 400, fields: { stock_quantity: 'must be between 0 and 1000000000' } },
    });
    renderInventory();
    const input = await screen.findByRole('spinbutton', { name: 'Stock of Cape Trail Cap' });
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '-4');
    await user.tab();

    await waitFor(() => expect(input).toHaveAccessibleDescription('Stock must be between 0 and 1000000000'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(levelChanges).toEqual([{ product_id: CAP_ID, variation_id: null, stock_quantity: -4 }]);
    expect(screen.queryByText('Stock updated')).not.toBeInTheDocument();

    // Escape puts the saved level back.
    await user.type(input, '{Escape}');
    expect(input).toHaveValue(12);
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('asks for a whole number before sending anything', async () => {
    const { levelChanges } = serveInventory([cap]);
    renderInventory();
    const input = await screen.findByRole('spinbutton', { name: 'Stock of Cape Trail Cap' });
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '2.5{Enter}');
    expect(input).toHaveAccessibleDescription('Stock must be a whole number');
    expect(levelChanges).toEqual([]);
  });

  it('sets a product’s low-stock threshold', async () => {
    const { thresholdChanges } = serveInventory([teeM]);
    renderInventory();
    const input = await screen.findByRole('spinbutton', { name: 'Low-stock threshold of Cape Trail Tee' });
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '1{Enter}');
    expect(await screen.findByText('Low-stock threshold updated')).toBeInTheDocument();
    expect(thresholdChanges).toEqual([{ product_id: TEE_ID, low_stock_threshold: 1 }]);
  });

  it('shows the stock history in words, and a level’s History link filters it to its product', async () => {
    const { movementQueries } = serveInventory([teeM, cap], [sale, manual]);
    renderInventory('low=true');

    const history = await screen.findByTestId('stock-history');
    const rows = await within(history).findAllByTestId('movement-row');
    expect(movementQueries[0]).toBe('?page=1&per_page=20');
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('movement-change')).toHaveTextContent('\u22121');
    expect(within(first).getByTestId('movement-stock-after')).toHaveTextContent('2');
    expect(within(first).getByTestId('movement-reason')).toHaveTextContent('Sale');
    expect(within(first).getByTestId('movement-order')).toHaveTextContent('BZ-2026112601');
    expect(first).toHaveTextContent('CTC-TEE-M');
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2026-11-26T09:30:00Z');
    expect(within(second).getByTestId('movement-change')).toHaveTextContent('+7');
    expect(within(second).getByTestId('movement-reason')).toHaveTextContent('Manual change');
    expect(second).toHaveTextContent('vusi@example.com');

    const teeRow = screen.getAllByTestId('stock-row')[0]!;
    expect(within(teeRow).getByRole('link', { name: 'History of Cape Trail Tee' })).toHaveAttribute(
      'href',
      `/vendor/inventory/?low=true&product=${TEE_ID}#stock-history`,
    );
  });

  it('reads one product’s history when the URL names it', async () => {
    const { movementQueries } = serveInventory([teeM, cap], [sale]);
    renderInventory(`product=${TEE_ID}`);
    const history = await screen.findByTestId('stock-history');
    await within(history).findAllByTestId('movement-row');
    expect(movementQueries[0]).toBe(`?product_id=${TEE_ID}&page=1&per_page=20`);
    await waitFor(() => expect(within(history).getByTestId('history-scope')).toHaveTextContent('Changes to Cape Trail Tee'));
    expect(within(history).getByRole('link', { name: 'Show every product' })).toHaveAttribute('href', '/vendor/inventory/');
  });
});

describe('stock CSV', () => {
  it('checks a file with a dry run, shows each row, and keeps Apply off while a row is rejected', async () => {
    const report = importReport({
      rows: [
        { row: 2, sku: 'CTC-TEE-M', outcome: 'updated', from: 2, to: 10, error: null },
        { row: 3, sku: 'CTC-CAP', outcome: 'unchanged', from: 12, to: 12, error: null },
        { row: 4, sku: 'NOPE-1', outcome: 'rejected', from: null, to: null, error: 'no product or variation of your store has SKU NOPE-1' },
      ],
    });
    const { imports } = serveInventory([teeM, cap], [], { dryRun: report });
    renderInventory();
    await screen.findAllByTestId('stock-row');
    const user = userEvent.setup();
    const text = 'sku,quantity\nCTC-TEE-M,10\nCTC-CAP,12\nNOPE-1,4\n';
    await user.upload(screen.getByTestId('stock-file-input'), csvFile(text));

    const panel = await screen.findByTestId('stock-import');
    await waitFor(() => expect(panel).toHaveAttribute('data-stage', 'checked'));
    // The file itself is the body, sent as CSV whatever type the browser gave it.
    expect(imports).toEqual([{ search: '?dry_run=true', type: 'text/csv', body: text }]);
    expect(within(panel).getByRole('heading', { name: 'Import stock.csv' })).toHaveFocus();
    expect(within(panel).getByTestId('import-summary')).toHaveTextContent(
      'A dry run: nothing is changed yet. 3 rows: 1 to update, 1 unchanged, 1 rejected.',
    );
    const rows = within(panel).getAllByTestId('import-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('CTC-TEE-M');
    expect(within(rows[0]!).getByTestId('import-change')).toHaveTextContent(/^2 → to 10$/);
    expect(rows[0]).toHaveTextContent('Will update');
    expect(rows[1]).toHaveTextContent('Unchanged');
    expect(rows[2]).toHaveTextContent('Rejected');
    expect(rows[2]).toHaveTextContent('no product or variation of your store has SKU NOPE-1');

    const apply = within(panel).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    expect(apply).toHaveAccessibleDescription(/^Nothing can be applied while a row is rejected/);
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('stock-import')).not.toBeInTheDocument();
    expect(imports).toHaveLength(1);
  });

  it('applies a clean file by sending it again with dry_run=false, then shows the result', async () => {
    const { imports, levelQueries } = serveInventory([teeM, cap], [], {
      apply: importReport({ applied: true }),
    });
    renderInventory();
    await screen.findAllByTestId('stock-row');
    const user = userEvent.setup();
    const text = 'sku,quantity\nCTC-TEE-M,10\nCTC-CAP,12\n';
    await user.upload(screen.getByTestId('stock-file-input'), csvFile(text));
    const panel = await screen.findByTestId('stock-import');
    const apply = await within(panel).findByRole('button', { name: 'Apply' });
    await waitFor(() => expect(apply).toBeEnabled());
    const readsBefore = levelQueries.length;

    await user.click(apply);
    expect(await screen.findByText('Stock imported')).toBeInTheDocument();
    expect(imports.map((sent) => sent.search)).toEqual(['?dry_run=true', '?dry_run=false']);
    expect(imports[1]).toMatchObject({ type: 'text/csv', body: text });
    await waitFor(() => expect(panel).toHaveAttribute('data-stage', 'applied'));
    expect(within(panel).getByTestId('import-summary')).toHaveTextContent('Done. 2 rows: 1 updated, 1 unchanged.');
    expect(within(panel).getAllByTestId('import-row')[0]).toHaveTextContent('Updated');
    // The levels are read again.
    await waitFor(() => expect(levelQueries.length).toBeGreaterThan(readsBefore));
    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('stock-import')).not.toBeInTheDocument();
  });

  it('says what is wrong with a file that is not a stock CSV', async () => {
    serveInventory([cap], [], {
      dryRun: { status: 400, fields: { file: "the header row needs a 'quantity' column" }, message: 'Not a stock CSV' },
    });
    renderInventory();
    await screen.findAllByTestId('stock-row');
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('stock-file-input'), csvFile('sku,stock\nCTC-CAP,1\n', 'levels.csv'));
    expect(await screen.findByTestId('import-error')).toHaveTextContent(
      "This is not a stock CSV: the header row needs a 'quantity' column.",
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('stock-import')).not.toBeInTheDocument();
  });

  it('exports the levels as stock.csv with the bearer token', async () => {
    serveInventory([cap]);
    let auth: string | null = null;
    server.use(
      http.get('*/api/v1/vendor/inventory/export', ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse('sku,quantity\nCTC-CAP,12\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      }),
    );
    const saved: { name: string; text: string }[] = [];
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs: these keep the Blob that would be saved.
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: this.href });
    });
    renderInventory();
    await screen.findAllByTestId('stock-row');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(auth).toMatch(/^Bearer /);
    expect(saved[0]!.name).toBe('stock.csv');
    expect(await blobs.get(saved[0]!.text)!.text()).toBe('sku,quantity\nCTC-CAP,12\n');
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
