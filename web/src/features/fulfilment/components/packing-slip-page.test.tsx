import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PackingSlipPage } from '@/features/fulfilment/components/packing-slip-page';
import { storeSession } from '@/test/auth';
import { PART_ID, vendorOrder, vendorOrderLine } from '@/test/fulfilment';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { storeProfile } from '@/test/selling';

vi.mock('next/navigation', () => ({
  useRouter: vi.fn(() => ({ replace: vi.fn(), push: vi.fn() })),
  useSearchParams: vi.fn(),
  usePathname: vi.fn(() => '/vendor/orders/slip/'),
}));

beforeEach(() => {
  storeSession();
});

function renderSlip(search: string) {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(<PackingSlipPage />);
}

describe('/vendor/orders/slip/?id=…', () => {
  it('shows the store, the order number and date, where it goes and what to pack, without prices', async () => {
    server.use(
      http.get('*/api/v1/vendor/orders/:id', () =>
        HttpResponse.json(
          vendorOrder({
            items: [
              vendorOrderLine(),
              vendorOrderLine({
                product_name: 'Trail Socks',
                variation_name: null,
                size: 'L',
                color: 'Black',
                quantity: 3,
                unit_price_cents: 9900,
                line_total_cents: 29700,
              }),
            ],
          }),
        ),
      ),
      http.get('*/api/v1/vendor/store', () => HttpResponse.json(storeProfile())),
    );
    renderSlip(`id=${PART_ID}`);

    const slip = await screen.findByTestId('packing-slip');
    expect(within(slip).getByRole('heading', { level: 1, name: 'Packing slip' })).toBeInTheDocument();
    expect(await within(slip).findByTestId('slip-store')).toHaveTextContent('Cape Trail Co');
    expect(within(slip).getByTestId('slip-order-number')).toHaveTextContent('BZ-2026112601');
    expect(within(slip).getByTestId('slip-date')).toHaveTextContent('26 Nov 2026');

    const address = within(slip).getByTestId('slip-address');
    for (const line of ['Thandi Mokoena', '12 Long Street', 'Unit 4', 'Gardens', 'Cape Town 8001', 'Western Cape', '082 123 4567']) {
      expect(address).toHaveTextContent(line);
    }

    const [tee, socks] = within(slip).getAllByTestId('slip-item') as [HTMLElement, HTMLElement];
    expect(tee).toHaveTextContent('Cape Trail Tee');
    expect(tee).toHaveTextContent('Blue / M');
    expect(within(tee).getByTestId('slip-quantity')).toHaveTextContent(/^2$/);
    expect(socks).toHaveTextContent('Trail Socks');
    expect(socks).toHaveTextContent('Black · L');
    expect(within(socks).getByTestId('slip-quantity')).toHaveTextContent(/^3$/);
    expect(within(slip).getByTestId('slip-total-quantity')).toHaveTextContent(/^5$/);
    // A packing slip goes in the parcel: no prices on it.
    expect(slip).not.toHaveTextContent(/R\d/);
  });

  it('prints from its Print button, and leaves the area’s frame off the paper', async () => {
    server.use(
      http.get('*/api/v1/vendor/orders/:id', () => HttpResponse.json(vendorOrder())),
      http.get('*/api/v1/vendor/store', () => HttpResponse.json(storeProfile())),
    );
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { container } = renderSlip(`id=${PART_ID}`);
    await screen.findByTestId('packing-slip');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    const css = Array.from(container.querySelectorAll('style'), (style) => style.textContent).join('\n');
    expect(css).toMatch(/@media print/);
    expect(css).toContain('[data-area-shell] > header');
    expect(css).toContain('[data-area-shell] aside');
    expect(screen.getByRole('link', { name: 'Back to the order' })).toHaveAttribute('href', `/vendor/orders/?id=${PART_ID}`);
  });

  it('prints without the store’s name when it cannot be read', async () => {
    server.use(
      http.get('*/api/v1/vendor/orders/:id', () => HttpResponse.json(vendorOrder())),
      http.get('*/api/v1/vendor/store', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'No store' } }, { status: 404 }),
      ),
    );
    renderSlip(`id=${PART_ID}`);
    const slip = await screen.findByTestId('packing-slip');
    expect(within(slip).getByTestId('slip-order-number')).toHaveTextContent('BZ-2026112601');
    expect(within(slip).queryByTestId('slip-store')).not.toBeInTheDocument();
  });

  it('says when the link has no part in it', async () => {
    renderSlip('id=nope');
    expect(await screen.findByRole('heading', { name: 'This order is not in your store' })).toBeInTheDocument();
  });
});
