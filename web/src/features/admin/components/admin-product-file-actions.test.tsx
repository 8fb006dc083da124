import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '@/lib/api/download';
import { AdminProductFileActions } from '@/features/admin/components/admin-product-file-actions';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { adminVendor } from '@/test/selling';

vi.mock('next/navigation', () => ({ useSearchParams: vi.fn() }));
vi.mock('@/lib/api/download', () => ({ downloadFile: vi.fn() }));

const KAROO = adminVendor();
const CAPE = adminVendor({ id: '0190d000-0000-7000-8000-00000000c002', store_name: 'Cape Trail Co', store_slug: 'cape-trail-co' });

function at(search: string) {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
}

beforeEach(() => {
  vi.mocked(downloadFile).mockReset().mockResolvedValue(undefined);
  server.use(http.get('*/api/v1/admin/vendors', () => HttpResponse.json({ vendors: [KAROO, CAPE], total: 2 })));
});

describe("the admin's export follows the products list's store filter", () => {
  it('exports one store alone when the list shows that store', async () => {
    at(`vendor_id=${CAPE.id}&status=active`);
    renderWithQueryClient(<AdminProductFileActions />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    // The store's name and slug come from the stores list the store filter reads.
    expect(await screen.findByText("Save Cape Trail Co's products as")).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Shopify CSV' }));
    await waitFor(() =>
      expect(downloadFile).toHaveBeenCalledWith(
        '/api/v1/admin/products/export?format=shopify&vendor=cape-trail-co',
        'cape-trail-co-products-shopify.csv',
      ),
    );
  });

  it('exports every store when the list is not filtered to one', async () => {
    at('status=active');
    renderWithQueryClient(<AdminProductFileActions />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Save the products as')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledWith('/api/v1/admin/products/export?format=csv', 'products.csv'));
  });
});
