import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { Quote } from '@/features/checkout/api/checkout-types';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { setConversionSink } from '@/lib/tracking/conversions';
import { storeSession } from '@/test/auth';
import { cartItem } from '@/test/cart';
import { publicSettings, quotePart } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn() }));

const replace = vi.fn();
const push = vi.fn();
beforeEach(() => {
  vi.mocked(useRouter).mockReturnValue({ replace, push } as unknown as ReturnType<typeof useRouter>);
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
});

function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    currency: 'ZAR',
    items: [cartItem({ quantity: 2, product_price_cents: 12900 })],
    parts: [quotePart()],
    subtotal_cents: 25800,
    coupon_code: null,
    discount_cents: 0,
    shipping_cents: 6500,
    points_balance: 250,
    points_usable: 250,
    points_spent: 0,
    points_discount_cents: 0,
    total_cents: 32300,
    vat_rate_percent: 15,
    vat_cents: 4213,
    requires_shipping_address: true,
    ...overrides,
  };
}

/** Quotes: WELCOME10 takes 10%, points take 10 cents each, anything else is refused. */
function serveQuotes() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('*/api/v1/checkout/quote', async ({ request }) => {
      const body = (await request.json()) as { coupon_code?: string; points?: number };
      bodies.push(body);
      if (body.coupon_code && body.coupon_code !== 'WELCOME10') {
        return HttpResponse.json(
          { error: { code: 'bad_request', message: 'This coupon code is not valid', fields: { coupon_code: 'This coupon code is not valid' } } },
          { status: 400 },
        );
      }
      const discount = body.coupon_code ? 2580 : 0;
      const pointsCents = (body.points ?? 0) * 10;
      return HttpResponse.json({
        quote: quote({
          coupon_code: body.coupon_code ?? null,
          discount_cents: discount,
          points_spent: body.points ?? 0,
          points_discount_cents: pointsCents,
          total_cents: 32300 - discount - pointsCents,
        }),
      });
    }),
  );
  return bodies;
}

function renderCheckout() {
  return renderWithQueryClient(
    <>
      <CheckoutPage />
      <Toaster />
    </>,
  );
}

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Recipient'), 'Thandi Mokoena');
  await user.type(screen.getByLabelText('Phone'), '082 123 4567');
  await user.type(screen.getByLabelText('Street address'), '12 Long Street');
  await user.type(screen.getByLabelText('City or town'), 'Cape Town');
  await user.selectOptions(screen.getByLabelText('Province'), 'Western Cape');
  await user.type(screen.getByLabelText('Postal code'), '8001');
}

describe('CheckoutPage', () => {
  it('sends a guest to /login/', async () => {
    renderCheckout();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login/'));
  });

  it('shows the totals, VAT, delivery per vendor and the points balance', async () => {
    storeSession();
    serveQuotes();
    renderCheckout();
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('R323.00');
    expect(screen.getByTestId('quote-subtotal')).toHaveTextContent('R258.00');
    expect(screen.getByTestId('quote-shipping')).toHaveTextContent('R65.00');
    expect(screen.getByTestId('quote-vat')).toHaveTextContent('VAT included (15%): R42.13');
    expect(screen.getByTestId('quote-delivery')).toHaveTextContent('PWR Athletics: Nov 26 – Dec 2');
    expect(screen.getByTestId('part-shipping')).toHaveTextContent(/^Shipping: R65\.00$/);
    expect(screen.queryByTestId('part-discount')).not.toBeInTheDocument();
    expect(screen.getByTestId('points-hint')).toHaveTextContent('Balance: 250 points. You can use up to 250 points (R25.00)');
    const provinces = screen.getAllByRole('option').map((option) => option.textContent);
    expect(provinces).toHaveLength(10);
    expect(provinces).toContain('KwaZulu-Natal');
  });

  it('shows each vendor’s shipping and discount next to its delivery dates, the totals as they are', async () => {
    storeSession();
    server.use(
      http.post('*/api/v1/checkout/quote', () =>
        HttpResponse.json({
          quote: quote({
            parts: [
              // Own terms: this part ships alone, at the vendor's rate, and takes the coupon.
              quotePart({
                vendor_id: 'v2',
                vendor_name: 'Cape Trail Co',
                subtotal_cents: 30000,
                shipping_cents: 3000,
                discount_cents: 2580,
                delivery_from: '2026-11-27',
                delivery_to: '2026-12-04',
              }),
              // The platform's terms, over its free-shipping threshold.
              quotePart({ subtotal_cents: 50000, shipping_cents: 0 }),
            ],
            subtotal_cents: 80000,
            coupon_code: 'TRAIL10',
            discount_cents: 2580,
            shipping_cents: 3000,
            total_cents: 80420,
          }),
        }),
      ),
    );
    renderCheckout();
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('R804.20');
    expect(screen.getByTestId('quote-subtotal')).toHaveTextContent('R800.00');
    expect(screen.getByTestId('quote-discount')).toHaveTextContent('-R25.80');
    expect(screen.getByTestId('quote-shipping')).toHaveTextContent('R30.00');

    const parts = within(screen.getByTestId('quote-delivery')).getAllByTestId('quote-part');
    expect(parts).toHaveLength(2);
    const [own, platform] = parts as [HTMLElement, HTMLElement];
    expect(own).toHaveTextContent('Cape Trail Co: Nov 27 – Dec 4');
    expect(within(own).getByTestId('part-charges')).toHaveTextContent(/^Shipping: R30\.00 · Discount: -R25\.80$/);
    expect(platform).toHaveTextContent('PWR Athletics: Nov 26 – Dec 2');
    expect(within(platform).getByTestId('part-charges')).toHaveTextContent(/^Shipping: Free$/);
  });

  it('applies a coupon and points, and shows a refused coupon next to its field', async () => {
    storeSession();
    serveQuotes();
    const user = userEvent.setup();
    renderCheckout();
    const coupon = await screen.findByLabelText('Coupon code');
    await user.type(coupon, 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByText('This coupon code is not valid')).toBeInTheDocument();
    expect(coupon).toHaveAttribute('aria-invalid', 'true');

    await user.clear(coupon);
    await user.type(coupon, 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(await screen.findByTestId('quote-discount')).toHaveTextContent('-R25.80');

    await user.type(screen.getByLabelText('Points to use'), '300');
    await user.click(screen.getByRole('button', { name: 'Use points' }));
    expect(await screen.findByText('You can use at most 250 points on this order')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Points to use'));
    await user.type(screen.getByLabelText('Points to use'), '100');
    await user.click(screen.getByRole('button', { name: 'Use points' }));
    expect(await screen.findByTestId('quote-points')).toHaveTextContent('-R10.00');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('R287.20');
  });

  it('tells the tracking tools that checkout began, once, with the cart’s lines', async () => {
    storeSession();
    serveQuotes();
    setConversionSink(() => {});
    const sink = vi.fn();
    setConversionSink(sink);
    try {
      const user = userEvent.setup();
      renderCheckout();
      const coupon = await screen.findByLabelText('Coupon code');
      expect(sink.mock.calls).toEqual([
        [
          {
            type: 'begin_checkout',
            value_cents: 25800,
            items: [{ product_id: '0190a000-0000-7000-8000-000000000001', name: 'OVR Aero Running Tee', quantity: 2, price_cents: 12900 }],
          },
        ],
      ]);
      // A new quote (a coupon) is the same checkout.
      await user.type(coupon, 'welcome10');
      await user.click(screen.getByRole('button', { name: 'Apply coupon' }));
      expect(await screen.findByTestId('quote-discount')).toHaveTextContent('-R25.80');
      expect(sink).toHaveBeenCalledTimes(1);
    } finally {
      setConversionSink(null);
    }
  });

  it('checks the address before placing the order', async () => {
    storeSession();
    serveQuotes();
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Pay with PayFast' }));
    expect(await screen.findByText("Enter the recipient's name")).toBeInTheDocument();
    expect(screen.getByText('Enter a 4-digit South African postal code')).toBeInTheDocument();
    expect(screen.getByText('Choose a South African province')).toBeInTheDocument();
  });

  it('offers only the provinces delivered to', async () => {
    storeSession();
    serveQuotes();
    server.use(
      http.get('*/api/v1/settings/public', () =>
        HttpResponse.json(publicSettings({ delivery_provinces: ['Gauteng', 'Western Cape'] })),
      ),
    );
    renderCheckout();
    const province = await screen.findByLabelText('Province');
    await waitFor(() =>
      expect(within(province).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Choose a province',
        'Gauteng',
        'Western Cape',
      ]),
    );
  });

  it('shows the server’s refusal of a province it does not deliver to under the province', async () => {
    storeSession();
    serveQuotes();
    server.use(
      http.post('*/api/v1/checkout', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation',
              message: "We don't deliver to Western Cape yet",
              fields: { province: "We don't deliver to Western Cape yet" },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByTestId('quote-total');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay with PayFast' }));
    expect(await screen.findByText("We don't deliver to Western Cape yet")).toBeInTheDocument();
    expect(screen.getByLabelText('Province')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s field errors next to the fields', async () => {
    storeSession();
    serveQuotes();
    server.use(
      http.post('*/api/v1/checkout', () =>
        HttpResponse.json(
          { error: { code: 'bad_request', message: 'Check the address', fields: { city: 'We do not deliver to this city' } } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByTestId('quote-total');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay with PayFast' }));
    expect(await screen.findByText('We do not deliver to this city')).toBeInTheDocument();
    expect(screen.getByLabelText('City or town')).toHaveAttribute('aria-invalid', 'true');
  });

  it('places the order and posts the signed fields, in order, to PayFast', async () => {
    storeSession();
    serveQuotes();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    let placed: Record<string, unknown> | undefined;
    server.use(
      http.post('*/api/v1/checkout', async ({ request }) => {
        placed = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          {
            order: {
              id: 'o1',
              status: 'pending_payment',
              payment: {
                provider: 'payfast',
                mode: 'simulator',
                process_url: 'http://shop.test/payfast/process',
                fields: [
                  { name: 'merchant_id', value: '10000100' },
                  { name: 'amount', value: '323.00' },
                  { name: 'signature', value: 'abc' },
                ],
              },
            },
          },
          { status: 201 },
        );
      }),
      http.get('*/api/v1/cart', () => HttpResponse.json({ cart: { items: [], item_count: 0, subtotal_cents: 0, currency: 'ZAR' } })),
    );
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByTestId('quote-total');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Pay with PayFast' }));
    const form = await screen.findByTestId('payfast-form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', 'http://shop.test/payfast/process');
    const inputs = [...form.querySelectorAll('input[type=hidden]')] as HTMLInputElement[];
    expect(inputs.map((input) => [input.name, input.value])).toEqual([
      ['merchant_id', '10000100'],
      ['amount', '323.00'],
      ['signature', 'abc'],
    ]);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(placed).toEqual({
      shipping_address: {
        recipient: 'Thandi Mokoena',
        phone: '082 123 4567',
        line1: '12 Long Street',
        city: 'Cape Town',
        province: 'Western Cape',
        postal_code: '8001',
      },
    });
  });
});
