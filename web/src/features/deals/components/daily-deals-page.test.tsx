import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { DailyDeal, DealInput } from '@/features/deals/api/deal-types';
import { DailyDealsPage } from '@/features/deals/components/daily-deals-page';
import type { VendorProductLine } from '@/features/products/api/vendor-product-types';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { vendorProductLine, vendorProductList } from '@/test/vendor-products';

const TODAY = '2026-12-01';
const CAP_ID = '0190f000-0000-7000-8000-00000000p002';

const tee = vendorProductLine({ name: 'Cape Trail Tee', variation_count: 3 });
const cap = vendorProductLine({ id: CAP_ID, name: 'Cape Trail Cap', price_cents: 29900, min_price_cents: 29900 });
const socks = vendorProductLine({
  id: '0190f000-0000-7000-8000-00000000p003',
  name: 'Trail Socks',
  price_cents: 12900,
  sale_price_cents: 9900,
  min_price_cents: 9900,
});

function deal(overrides: Partial<DailyDeal> = {}): DailyDeal {
  return {
    id: '0190f000-0000-7000-8000-0000000d0001',
    vendor_id: '0190f000-0000-7000-8000-0000000e0001',
    store_name: 'Cape Trail Co',
    product_id: CAP_ID,
    product_name: 'Cape Trail Cap',
    product_slug: 'cape-trail-cap',
    image_url: null,
    price_cents: 29900,
    deal_date: '2026-12-05',
    deal_price_cents: 19900,
    status: 'proposed',
    decision_note: '',
    decided_at: null,
    created_at: '2026-11-30T09:00:00Z',
    ...overrides,
  };
}

const rejected = deal({
  id: '0190f000-0000-7000-8000-0000000d0002',
  product_id: socks.id,
  product_name: 'Trail Socks',
  deal_date: '2026-12-03',
  price_cents: 9900,
  deal_price_cents: 5000,
  status: 'rejected',
  decision_note: 'Half price is too deep for socks',
  decided_at: '2026-11-30T12:00:00Z',
});
const approved = deal({ id: '0190f000-0000-7000-8000-0000000d0003', deal_date: '2026-12-10', status: 'approved' });

type Problem = { status: number; code: string; message: string; fields?: Record<string, string> };

/** Serves the deals and the products, records proposals, and answers each with the next problem of `answers`. */
function serveDeals(start: DailyDeal[], products: VendorProductLine[] = [tee, cap, socks], answers: Problem[] = []) {
  let items = [...start];
  const proposed: DealInput[] = [];
  const withdrawn: string[] = [];
  const productQueries: string[] = [];
  server.use(
    http.get('*/api/v1/vendor/daily-deals', () => HttpResponse.json({ items, today: TODAY })),
    http.get('*/api/v1/vendor/products', ({ request }) => {
      productQueries.push(new URL(request.url).search);
      return HttpResponse.json(vendorProductList(products));
    }),
    http.post('*/api/v1/vendor/daily-deals', async ({ request }) => {
      const body = (await request.json()) as DealInput;
      proposed.push(body);
      const next = answers.shift();
      if (next) {
        return HttpResponse.json(
          { error: { code: next.code, message: next.message, fields: next.fields } },
          { status: next.status },
        );
      }
      const product = products.find((line) => line.id === body.product_id)!;
      const created = deal({
        id: `new-${proposed.length}`,
        product_id: product.id,
        product_name: product.name,
        price_cents: product.min_price_cents,
        deal_date: body.deal_date,
        deal_price_cents: body.deal_price_cents,
      });
      items = [...items, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post('*/api/v1/vendor/daily-deals/:id/withdraw', ({ params }) => {
      withdrawn.push(String(params.id));
      items = items.map((item) => (item.id === params.id ? { ...item, status: 'withdrawn' } : item));
      return HttpResponse.json({ status: 'withdrawn' });
    }),
  );
  return { proposed, withdrawn, productQueries };
}

function renderPage() {
  return renderWithQueryClient(
    <>
      <DailyDealsPage />
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  storeSession();
});

afterEach(() => {
  toast.dismiss();
});

describe('/vendor/daily-deals', () => {
  it('explains how deals work, and lists them by date with their status and an admin’s reason', async () => {
    serveDeals([approved, deal(), rejected]);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your deals');
    expect(screen.getByText(/An admin approves each deal you propose; an approved deal runs at its price on that date only/)).toBeInTheDocument();

    const rows = await screen.findAllByTestId('deal-row');
    expect(rows.map((row) => within(row).getByTestId('deal-date').textContent)).toEqual([
      'Thu, 03 Dec 2026',
      'Sat, 05 Dec 2026',
      'Thu, 10 Dec 2026',
    ]);
    const [socksRow, capRow, approvedRow] = rows;
    expect(within(socksRow!).getByTestId('status-badge')).toHaveTextContent('Rejected');
    expect(within(socksRow!).getByTestId('deal-decision-note')).toHaveTextContent('Reason: Half price is too deep for socks');
    expect(within(socksRow!).queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
    expect(within(capRow!).getByTestId('deal-product')).toHaveTextContent('Cape Trail Cap');
    expect(within(capRow!).getByTestId('deal-price')).toHaveTextContent('R199.00Regular R299.00');
    expect(within(capRow!).getByTestId('status-badge')).toHaveTextContent('Proposed');
    expect(within(approvedRow!).getByTestId('status-badge')).toHaveTextContent('Approved');
    expect(within(approvedRow!).getByRole('button', { name: 'Withdraw Cape Trail Cap on Thu, 10 Dec 2026' })).toBeInTheDocument();
  });

  it('says there are no deals yet, and offers only active products without variations', async () => {
    const { productQueries } = serveDeals([]);
    renderPage();
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByRole('heading', { name: 'No deals yet' })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Propose a deal' });
    const product = within(form).getByLabelText('Product');
    await waitFor(() =>
      expect(within(product).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Choose a product',
        'Cape Trail Cap (R299.00)',
        'Trail Socks (R99.00)',
      ]),
    );
    expect(productQueries).toEqual(['?status=active&sort=name&per_page=100']);
    const date = within(form).getByLabelText('Date');
    expect(date).toHaveValue('2026-12-02');
    expect(date).toHaveAttribute('min', '2026-12-02');
    expect(date).toHaveAttribute('max', '2027-03-01');
  });

  it('proposes a deal: the price in cents, and the deal joins the list as proposed', async () => {
    const { proposed } = serveDeals([]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Propose a deal' });
    const user = userEvent.setup();
    const product = within(form).getByLabelText('Product');
    await waitFor(() => expect(product).toBeEnabled());
    await user.selectOptions(product, CAP_ID);
    expect(within(form).getByLabelText('Deal price (R)')).toHaveAccessibleDescription("Below today's price of R299.00.");
    await user.clear(within(form).getByLabelText('Date'));
    await user.type(within(form).getByLabelText('Date'), '2026-12-07');
    await user.type(within(form).getByLabelText('Deal price (R)'), '199.50');
    await user.click(within(form).getByRole('button', { name: 'Propose deal' }));

    expect(await screen.findByText('Deal proposed')).toBeInTheDocument();
    expect(proposed).toEqual([{ product_id: CAP_ID, deal_date: '2026-12-07', deal_price_cents: 19950 }]);
    const row = await screen.findByTestId('deal-row');
    expect(within(row).getByTestId('deal-date')).toHaveTextContent('Mon, 07 Dec 2026');
    expect(within(row).getByTestId('status-badge')).toHaveTextContent('Proposed');
    // The form is ready for the next one.
    expect(product).toHaveValue('');
    expect(within(form).getByLabelText('Deal price (R)')).toHaveValue('');
  });

  it('checks the price against today’s before sending', async () => {
    const { proposed } = serveDeals([]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Propose a deal' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Propose deal' }));
    expect(within(form).getByLabelText('Product')).toHaveAccessibleDescription(expect.stringContaining('Choose one of your products'));

    await waitFor(() => expect(within(form).getByLabelText('Product')).toBeEnabled());
    await user.selectOptions(within(form).getByLabelText('Product'), socks.id);
    await user.type(within(form).getByLabelText('Deal price (R)'), '99.00');
    await user.click(within(form).getByRole('button', { name: 'Propose deal' }));
    const price = within(form).getByLabelText('Deal price (R)');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(expect.stringContaining("The deal price must be below today's price of R99.00"));
    expect(price).toHaveFocus();
    expect(proposed).toEqual([]);
  });

  it('shows the API’s field errors under their inputs, and a deal already on that date', async () => {
    serveDeals([], [cap], [
      {
        status: 400,
        code: 'validation_failed',
        message: 'Check the fields',
        fields: { deal_date: 'Propose a date from tomorrow', product_id: 'Daily deals are for products without variations' },
      },
      { status: 409, code: 'deal_taken', message: 'This product already has a deal on that date' },
    ]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Propose a deal' });
    const user = userEvent.setup();
    await waitFor(() => expect(within(form).getByLabelText('Product')).toBeEnabled());
    await user.selectOptions(within(form).getByLabelText('Product'), CAP_ID);
    await user.type(within(form).getByLabelText('Deal price (R)'), '150');
    await user.click(within(form).getByRole('button', { name: 'Propose deal' }));

    const product = within(form).getByLabelText('Product');
    await waitFor(() => expect(product).toHaveAttribute('aria-invalid', 'true'));
    expect(product).toHaveAccessibleDescription(expect.stringContaining('Daily deals are for products without variations'));
    expect(within(form).getByLabelText('Date')).toHaveAccessibleDescription(expect.stringContaining('Propose a date from tomorrow'));
    expect(product).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Propose deal' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('This product already has a deal on that date');
    expect(alert).toHaveFocus();
    expect(product).not.toHaveAttribute('aria-invalid');
  });

  it('withdraws a proposed deal', async () => {
    const { withdrawn } = serveDeals([deal()]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw Cape Trail Cap on Sat, 05 Dec 2026' }));
    expect(await screen.findByText('Deal withdrawn')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('status-badge')).toHaveTextContent('Withdrawn'));
    expect(withdrawn).toEqual([deal().id]);
    expect(screen.queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
  });

  it('says when the vendor has no product a deal can be for', async () => {
    serveDeals([], [tee]);
    renderPage();
    expect(await screen.findByTestId('no-deal-products')).toHaveTextContent(
      'Daily deals are for active products without variations, and you have none yet.',
    );
    expect(screen.getByRole('link', { name: 'See your products' })).toHaveAttribute('href', '/vendor/products/');
  });
});
