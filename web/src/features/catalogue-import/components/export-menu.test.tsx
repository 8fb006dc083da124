import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { downloadFile } from '@/lib/api/download';
import { ProductFileActions } from '@/features/catalogue-import/components/product-file-actions';
import { renderWithQueryClient } from '@/test/render';

vi.mock('@/lib/api/download', () => ({ downloadFile: vi.fn() }));

afterEach(() => {
  toast.dismiss();
});

function renderActions(area: 'admin' | 'vendor') {
  return renderWithQueryClient(
    <>
      <ProductFileActions area={area} />
      <Toaster />
    </>,
  );
}

async function exportAs(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
}

describe('import and export on the products lists', () => {
  it('links to each area’s import page', () => {
    renderActions('admin');
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/admin/import/');
  });

  it('links a vendor to their import page', () => {
    renderActions('vendor');
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/vendor/products/import/');
  });

  it.each([
    ['admin', 'CSV', '/api/v1/admin/products/export?format=csv', 'products.csv'],
    ['admin', 'JSON', '/api/v1/admin/products/export?format=json', 'products.json'],
    ['admin', 'WooCommerce CSV', '/api/v1/admin/products/export?format=woocommerce', 'products-woocommerce.csv'],
    ['admin', 'Shopify CSV', '/api/v1/admin/products/export?format=shopify', 'products-shopify.csv'],
    ['vendor', 'CSV', '/api/v1/vendor/products/export?format=csv', 'products.csv'],
    ['vendor', 'JSON', '/api/v1/vendor/products/export?format=json', 'products.json'],
    ['vendor', 'WooCommerce CSV', '/api/v1/vendor/products/export?format=woocommerce', 'products-woocommerce.csv'],
    ['vendor', 'Shopify CSV', '/api/v1/vendor/products/export?format=shopify', 'products-shopify.csv'],
  ] as const)('%s: "%s" saves %s as %s', async (area, label, path, filename) => {
    vi.mocked(downloadFile).mockResolvedValue(undefined);
    renderActions(area);
    await exportAs(label);
    await waitFor(() => expect(downloadFile).toHaveBeenCalledWith(path, filename));
    expect(downloadFile).toHaveBeenCalledTimes(1);
  });

  it('says when the export could not be made', async () => {
    vi.mocked(downloadFile).mockRejectedValue(new ApiError(403, 'forbidden', 'Your store is suspended'));
    renderActions('vendor');
    await exportAs('JSON');
    expect(await screen.findByText('Not downloaded')).toBeInTheDocument();
    expect(screen.getByText('Your store is suspended')).toBeInTheDocument();
  });
});
