import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminImportPage } from '@/features/admin/components/import-page';
import { IMPORT_FORM_MESSAGES } from '@/features/catalogue-import/components/import-form';
import { errorUnder, hintUnder } from '@/test/admin-settings';
import { server } from '@/test/msw-server';
import { renderAdminAt } from '@/test/points-codes';
import { checkedImport, doneImport, IMPORT_ID, productFile, productImport, serveImports } from '@/test/product-imports';
import { adminVendor } from '@/test/selling';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const ADMIN = '/api/v1/admin';
const KAROO = adminVendor();
const CAPE = adminVendor({ id: '0190d000-0000-7000-8000-00000000c002', store_name: 'Cape Trail Co', store_slug: 'cape-trail-co' });

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  server.use(http.get('*/api/v1/admin/vendors', () => HttpResponse.json({ vendors: [KAROO, CAPE], total: 2 })));
});

afterEach(() => {
  toast.dismiss();
});

async function chooseFile(user: ReturnType<typeof userEvent.setup>, name = 'products.csv') {
  await user.upload(screen.getByLabelText('File'), productFile(undefined, name));
}

describe('/admin/import', () => {
  it('offers every store by name, sends the chosen one’s slug, and shows the store the import goes to', async () => {
    const { uploads } = serveImports(ADMIN, {
      uploaded: productImport({ store: { slug: 'cape-trail-co', name: 'Cape Trail Co' }, total: null, format: null, format_name: null }),
    });
    renderAdminAt(<AdminImportPage />);
    const user = userEvent.setup();

    const store = screen.getByLabelText('Store');
    expect(hintUnder(store)).toBe('Leave empty to keep the store the file names.');
    await waitFor(() =>
      expect(within(store).getAllByRole('option').map((option) => [option.textContent, (option as HTMLOptionElement).value])).toEqual([
        ['The store the file names', ''],
        ['Cape Trail Co', 'cape-trail-co'],
        ['Karoo Outdoor Co.', 'karoo-outdoor'],
      ]),
    );

    await chooseFile(user);
    await user.selectOptions(store, 'Cape Trail Co');
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Checking products.csv' })).toBeInTheDocument();
    expect(uploads.map((upload) => upload.search)).toEqual(['?filename=products.csv&vendor=cape-trail-co']);
    expect(replace).toHaveBeenCalledWith(`/admin/import/?id=${IMPORT_ID}`, { scroll: false });
    expect(screen.getByTestId('import-facts')).toHaveTextContent(
      'products.csv · Not recognised yet · into Cape Trail Co · by admin@bazaar.test',
    );
    // The total is not known yet: the bar has no value, the count says what is known.
    expect(screen.getByRole('progressbar', { name: 'Checking progress' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByTestId('import-count')).toHaveTextContent('0 products so far');
  });

  it('sends no store and no format when left to the file', async () => {
    const { uploads } = serveImports(ADMIN);
    renderAdminAt(<AdminImportPage />);
    const user = userEvent.setup();
    await chooseFile(user, 'catalogue export.json');
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.search).toBe('?filename=catalogue+export.json');
  });

  it('puts the server’s field errors under their fields', async () => {
    serveImports(ADMIN, {
      upload: {
        status: 400,
        code: 'validation',
        message: 'Invalid import',
        fields: { format: 'The file is not a Shopify CSV', vendor: "There is no store 'cape-trail-co'" },
      },
    });
    renderAdminAt(<AdminImportPage />);
    const user = userEvent.setup();
    await chooseFile(user);
    await user.selectOptions(screen.getByLabelText('Format'), 'Shopify CSV');
    await waitFor(() => expect(within(screen.getByLabelText('Store')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Store'), 'Cape Trail Co');
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    await waitFor(() => expect(errorUnder(screen.getByLabelText('Store'))).toBe("There is no store 'cape-trail-co'"));
    expect(errorUnder(screen.getByLabelText('Format'))).toBe('The file is not a Shopify CSV');
    expect(screen.getByLabelText('Format')).toHaveFocus();
    expect(screen.queryByTestId('import-form-error')).not.toBeInTheDocument();
    expect(screen.queryByTestId('import-panel')).not.toBeInTheDocument();
  });

  it('says under the file when it is over the limit', async () => {
    serveImports(ADMIN, { upload: { status: 413, code: 'too_large', message: 'The file is over 150 MB' } });
    renderAdminAt(<AdminImportPage />);
    const user = userEvent.setup();
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(errorUnder(screen.getByLabelText('File'))).toBe(IMPORT_FORM_MESSAGES.tooLarge));
  });

  it('imports a checked file through the admin’s confirm endpoint', async () => {
    const { confirmed } = serveImports(ADMIN, { items: [checkedImport()], next: () => doneImport() });
    renderAdminAt(<AdminImportPage />, `id=${IMPORT_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import 4 products' }));
    await waitFor(() => expect(confirmed).toEqual([IMPORT_ID]));
    expect(await screen.findByRole('heading', { level: 2, name: 'Imported products.csv' }, { timeout: 2_500 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the products' })).toHaveAttribute('href', '/admin/products/');
  });

  it('lists the recent imports with their store and who sent them', async () => {
    serveImports(ADMIN, { list: [doneImport({ store: { slug: 'karoo-outdoor', name: 'Karoo Outdoor Co.' } })] });
    renderAdminAt(<AdminImportPage />);
    const row = await screen.findByTestId('recent-import');
    expect(screen.getByRole('columnheader', { name: 'Store' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Karoo Outdoor Co.');
    expect(row).toHaveTextContent('admin@bazaar.test');
    expect(within(row).getByRole('link', { name: 'products.csv' })).toHaveAttribute('href', `/admin/import/?id=${IMPORT_ID}`);
  });
});
