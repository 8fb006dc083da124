import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { ProductImportPage } from '@/features/catalogue-import/components/product-import-page';
import { IMPORT_FORM_MESSAGES } from '@/features/catalogue-import/components/import-form';
import { errorUnder } from '@/test/admin-settings';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { catchDownloads } from '@/test/points-codes';
import { renderWithQueryClient } from '@/test/render';
import {
  checkedImport,
  doneImport,
  IMPORT_ID,
  OLD_IMPORT_ID,
  productFile,
  productImport,
  serveImports,
} from '@/test/product-imports';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const VENDOR = '/api/v1/vendor';

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
});

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

/** The vendor's import page at `?search`, signed in, with a Toaster. */
function renderVendorImport(search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(
    <>
      <ProductImportPage area="vendor" />
      <Toaster />
    </>,
  );
}

function panel(): HTMLElement {
  return screen.getByTestId('import-panel');
}

describe('the vendor’s product import', () => {
  it('shows the form without a store choice, and the recent imports from the vendor’s endpoint', async () => {
    const older = doneImport({ id: OLD_IMPORT_ID, file_name: 'winter.json', format: 'json', format_name: 'bazaar JSON' });
    serveImports(VENDOR, { list: [checkedImport(), older] });
    renderVendorImport();

    expect(screen.getByRole('heading', { level: 1, name: 'Import products' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Product file' });
    expect(within(form).getByLabelText('File')).toHaveAttribute('accept', '.csv,.json,text/csv,application/json');
    expect(within(form).getByLabelText('Format')).toHaveValue('');
    expect(within(form).queryByLabelText('Store')).not.toBeInTheDocument();
    expect(screen.getByText(/^Products are imported into your store/)).toBeInTheDocument();

    const rows = await screen.findAllByTestId('recent-import');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'products.csv' })).toHaveAttribute(
      'href',
      `/vendor/products/import/?id=${IMPORT_ID}`,
    );
    expect(rows[0]).toHaveTextContent('Shopify CSV');
    expect(rows[0]).toHaveTextContent('Checked');
    expect(within(rows[0]!).getByTestId('recent-import-totals')).toHaveTextContent('3 to create, 1 to update, 0 unchanged, 1 rejected');
    expect(rows[1]).toHaveTextContent('bazaar JSON');
    expect(rows[1]).toHaveTextContent('Imported');
    expect(within(rows[1]!).getByTestId('recent-import-totals')).toHaveTextContent('3 created, 1 updated, 0 unchanged, 1 rejected');
    // A vendor's imports all go to their store: no store column.
    expect(screen.queryByRole('columnheader', { name: 'Store' })).not.toBeInTheDocument();
  });

  it('asks for a file before sending anything', async () => {
    const { uploads } = serveImports(VENDOR);
    renderVendorImport();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(errorUnder(screen.getByLabelText('File'))).toBe(IMPORT_FORM_MESSAGES.file));
    expect(uploads).toEqual([]);
  });

  it('uploads the file’s bytes to the vendor’s endpoint, then shows the dry run’s progress', async () => {
    const text = 'Handle,Title,Variant Price\ntrail-tee,Trail Tee,199\n';
    const { uploads } = serveImports(VENDOR, { uploaded: productImport({ done: 2, total: 5 }) });
    renderVendorImport();
    const user = userEvent.setup();

    await user.upload(screen.getByLabelText('File'), productFile(text));
    await user.selectOptions(screen.getByLabelText('Format'), 'Shopify CSV');
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Checking products.csv' })).toHaveFocus();
    expect(uploads).toEqual([
      { search: '?filename=products.csv&format=shopify', type: 'application/octet-stream', auth: expect.stringMatching(/^Bearer /), body: text },
    ]);
    expect(replace).toHaveBeenCalledWith(`/vendor/products/import/?id=${IMPORT_ID}`, { scroll: false });
    expect(within(panel()).getByTestId('import-status')).toHaveTextContent('Checking the file. Nothing is written while it is checked.');
    expect(within(panel()).getByRole('progressbar', { name: 'Checking progress' })).toHaveAttribute('aria-valuenow', '2');
    expect(within(panel()).getByTestId('import-count')).toHaveTextContent('2 of 5 products (40%)');
    // One import at a time: the form waits until this one is decided.
    expect(screen.queryByRole('form', { name: 'Product file' })).not.toBeInTheDocument();
  });

  it('says under the file what the server refused about it', async () => {
    serveImports(VENDOR, { upload: { status: 400, code: 'empty', message: 'The file is empty' } });
    renderVendorImport();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('File'), productFile(''));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(errorUnder(screen.getByLabelText('File'))).toBe('The file is empty'));
    expect(screen.getByLabelText('File')).toHaveFocus();
    expect(replace).not.toHaveBeenCalled();
  });

  it('reads a running import every second and shows how far, how fast and how long is left', async () => {
    const started = new Date(Date.now() - 2_000).toISOString();
    const { reads } = serveImports(VENDOR, {
      // Each read moves it on by 500: the first answers 2,468.
      items: [productImport({ status: 'importing', total: 5_000, done: 1_968, phase_started_at: started, check: checkedImport().check })],
      next: (item) => ({ ...item, done: Math.min(item.total!, item.done + 500) }),
    });
    renderVendorImport(`id=${IMPORT_ID}`);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Importing products.csv' });
    expect(heading).not.toHaveFocus();
    expect(within(panel()).getByTestId('import-status')).toHaveTextContent('Importing 4 products…');
    expect(within(panel()).getByTestId('import-count')).toHaveTextContent('2,468 of 5,000 products (49%)');
    expect(within(panel()).getByTestId('import-pace')).toHaveTextContent(/^1,\d{3} products\/s · about \d s left$/);
    expect(within(panel()).getByTestId('import-status')).toHaveAttribute('aria-live', 'polite');

    await waitFor(() => expect(within(panel()).getByTestId('import-count')).toHaveTextContent('2,968 of 5,000 products (59%)'), {
      timeout: 2_500,
    });
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(new Set(reads)).toEqual(new Set([IMPORT_ID]));
  });

  it('stops reading the import once it is checked, and shows the dry run row by row', async () => {
    const { reads } = serveImports(VENDOR, { items: [checkedImport({ rows_total: 250 })] });
    renderVendorImport(`id=${IMPORT_ID}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'Dry run: nothing written yet' })).toBeInTheDocument();
    expect(within(panel()).getByTestId('import-status')).toHaveTextContent('Checked: 3 to create, 1 to update, 0 unchanged, 1 rejected.');
    expect(within(panel()).getByTestId('import-facts')).toHaveTextContent('products.csv · Shopify CSV · 5 products');
    expect(within(panel()).getByTestId('import-rejected-note')).toHaveTextContent('Rejected rows are skipped; the others are imported.');

    const rows = within(panel()).getAllByTestId('import-row');
    expect(rows.map((row) => row.getAttribute('data-outcome'))).toEqual(['rejected', 'created', 'created', 'created', 'updated']);
    expect(rows[0]).toHaveTextContent('7');
    expect(within(rows[0]!).getByTestId('import-row-product')).toHaveTextContent('broken-mug');
    expect(rows[0]).toHaveTextContent('Rejected');
    expect(within(rows[0]!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['price: must be a number', 'name: is empty']);
    expect(rows[1]).toHaveTextContent('To create');
    expect(rows[4]).toHaveTextContent('To update');
    expect(within(panel()).getByTestId('import-rows-shown')).toHaveTextContent('Showing 5 of 250 rows; download the report for all.');

    expect(within(panel()).getByRole('button', { name: 'Import 4 products' })).toBeEnabled();
    expect(within(panel()).getByRole('button', { name: 'Discard' })).toBeEnabled();
    expect(within(panel()).getByRole('button', { name: 'Download report' })).toBeEnabled();
    // Checked is final until someone acts: one read, no polling.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(reads).toEqual([IMPORT_ID]);
  });

  it('imports a checked file through the confirm endpoint and follows it until it is done', async () => {
    let reads = 0;
    const { confirmed } = serveImports(VENDOR, {
      items: [checkedImport()],
      next: () => {
        reads += 1;
        return doneImport();
      },
    });
    renderVendorImport(`id=${IMPORT_ID}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Import 4 products' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Importing products.csv' })).toBeInTheDocument();
    expect(confirmed).toEqual([IMPORT_ID]);

    expect(await screen.findByRole('heading', { level: 2, name: 'Imported products.csv' }, { timeout: 2_500 })).toBeInTheDocument();
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(within(panel()).getByTestId('import-status')).toHaveTextContent('Imported: 3 created, 1 updated, 0 unchanged, 1 rejected.');
    expect(within(panel()).getAllByTestId('import-row')[1]).toHaveTextContent('Created');
    expect(within(panel()).getByRole('link', { name: 'See your products' })).toHaveAttribute('href', '/vendor/products/');
    expect(within(panel()).getByRole('button', { name: 'Download report' })).toBeInTheDocument();
  });

  it('says so when the import can no longer be confirmed', async () => {
    serveImports(VENDOR, { items: [checkedImport()] });
    server.use(
      http.post(`*${VENDOR}/imports/:id/confirm`, () =>
        HttpResponse.json(
          { error: { code: 'not_checked', message: 'This import is not waiting to be confirmed' } },
          { status: 409 },
        ),
      ),
    );
    renderVendorImport(`id=${IMPORT_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import 4 products' }));
    expect(await screen.findByText('Not imported')).toBeInTheDocument();
    expect(screen.getByText('This import is not waiting to be confirmed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Dry run: nothing written yet' })).toBeInTheDocument();
  });

  it('shows a discarded import with nothing to confirm, and the form again', async () => {
    const { confirmed } = serveImports(VENDOR, { items: [checkedImport({ status: 'discarded' })] });
    renderVendorImport(`id=${IMPORT_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Discarded products.csv' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Product file' })).toBeInTheDocument();
    expect(confirmed).toEqual([]);
  });

  it('discards a checked file and goes back to the form', async () => {
    const { discarded } = serveImports(VENDOR, { items: [checkedImport()] });
    renderVendorImport(`id=${IMPORT_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(discarded).toEqual([IMPORT_ID]));
    expect(await screen.findByText('Import discarded')).toBeInTheDocument();
    expect(replace).toHaveBeenCalledWith('/vendor/products/import/', { scroll: false });
    expect(screen.getByRole('form', { name: 'Product file' })).toBeInTheDocument();
    expect(screen.queryByTestId('import-panel')).not.toBeInTheDocument();
  });

  it('shows why an import failed, with the form to try again', async () => {
    serveImports(VENDOR, {
      items: [productImport({ status: 'failed', format: null, format_name: null, total: null, error: 'not a product file: expected a header row' })],
    });
    renderVendorImport(`id=${IMPORT_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('not a product file: expected a header row');
    expect(within(panel()).getByTestId('import-facts')).toHaveTextContent('products.csv · Not recognised yet');
    expect(screen.getByRole('form', { name: 'Product file' })).toBeInTheDocument();
  });

  it('says when the import asked for does not exist (or is another store’s)', async () => {
    serveImports(VENDOR);
    renderVendorImport(`id=${IMPORT_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'This import could not be found' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Product file' })).toBeInTheDocument();
  });

  describe('report', () => {
    let downloads: ReturnType<typeof catchDownloads>;
    beforeEach(() => {
      downloads = catchDownloads();
    });
    afterEach(() => downloads.restore());

    it('saves the report of the latest phase as import-report.csv, with the bearer token', async () => {
      const { reports } = serveImports(VENDOR, { items: [checkedImport()] });
      renderVendorImport(`id=${IMPORT_ID}`);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Download report' }));
      await waitFor(() => expect(downloads.saved).toEqual(['import-report.csv']));
      expect(reports).toEqual([{ id: IMPORT_ID, auth: expect.stringMatching(/^Bearer /) }]);
    });
  });
});
