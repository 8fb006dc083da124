import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { ShippingInput, VendorShipping } from '@/features/shipping/api/shipping-types';
import { ShippingPage } from '@/features/shipping/components/shipping-page';
import { storeSession } from '@/test/auth';
import { vendorShipping } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), usePathname: vi.fn(() => '/vendor/shipping/') }));

type Problem = { status: number; message: string; fields?: Record<string, string> };

/**
 * Serves GET /api/v1/vendor/shipping (`page`, or a problem) and answers each PUT with the next of
 * `answers` (a page, or a problem; none: the page sent, as the API would have it), recording the
 * bodies sent.
 */
function serveShipping(page: VendorShipping | Problem, answers: (VendorShipping | Problem)[] = []) {
  const sent: ShippingInput[] = [];
  let reads = 0;
  const problem = ({ status, message, fields }: Problem) =>
    HttpResponse.json(
      { error: { code: status === 400 ? 'validation_failed' : status === 404 ? 'not_found' : status === 403 ? 'forbidden' : 'internal', message, fields } },
      { status },
    );
  let current = page;
  server.use(
    http.get('*/api/v1/vendor/shipping', () => {
      reads += 1;
      return 'status' in current ? problem(current) : HttpResponse.json(current);
    }),
    http.put('*/api/v1/vendor/shipping', async ({ request }) => {
      const body = (await request.json()) as ShippingInput;
      sent.push(body);
      const answer = answers.shift();
      if (answer && 'status' in answer) return problem(answer);
      current = answer ?? vendorShipping({ ...body });
      return HttpResponse.json(current);
    }),
  );
  return { sent, reads: () => reads };
}

function renderPage() {
  return renderWithQueryClient(
    <>
      <ShippingPage />
      <Toaster />
    </>,
  );
}

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

beforeEach(() => {
  storeSession();
});

describe('/vendor/shipping', () => {
  it('shows a skeleton while loading, then the days, the platform’s terms and the promise customers see', async () => {
    serveShipping(vendorShipping());
    renderPage();
    expect(screen.getByTestId('area-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your shipping');

    const form = await screen.findByRole('form', { name: 'Shipping' });
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Fewest business days')).toHaveValue('2');
    expect(within(form).getByLabelText('Most business days')).toHaveValue('5');
    expect(screen.getByTestId('delivery-promise')).toHaveTextContent(/^Customers see delivery in 4–8 business days$/);

    const rate = within(form).getByRole('checkbox', { name: 'Use the platform’s rate' });
    expect(rate).toBeChecked();
    expect(rate).toHaveAccessibleDescription('Platform rate: R65.00');
    const threshold = within(form).getByRole('checkbox', { name: 'Use the platform’s threshold' });
    expect(threshold).toBeChecked();
    expect(threshold).toHaveAccessibleDescription('Platform threshold: R450.00');
    // Each in its own group, and no amount to type while the platform's applies.
    expect(within(form).getByRole('group', { name: 'Flat rate' })).toContainElement(rate);
    expect(within(form).getByRole('group', { name: 'Free shipping' })).toContainElement(threshold);
    expect(within(form).queryByLabelText('Your flat rate (R)')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Free shipping from (R)')).not.toBeInTheDocument();
    expect(screen.getByTestId('own-terms-note')).toBeEmptyDOMElement();
  });

  it('shows the vendor’s own amounts in rand, and says their part then ships on its own', async () => {
    serveShipping(vendorShipping({ flat_rate_cents: 3000, free_shipping_threshold_cents: 60000 }));
    renderPage();
    const form = await screen.findByRole('form', { name: 'Shipping' });
    expect(within(form).getByRole('checkbox', { name: 'Use the platform’s rate' })).not.toBeChecked();
    expect(within(form).getByLabelText('Your flat rate (R)')).toHaveValue('30.00');
    expect(within(form).getByLabelText('Free shipping from (R)')).toHaveValue('600.00');
    expect(screen.getByTestId('own-terms-note')).toHaveTextContent(
      'With terms of your own, your part of an order ships on its own, apart from other vendors’ items.',
    );
  });

  it('updates the promise as the days are typed', async () => {
    serveShipping(vendorShipping());
    renderPage();
    const form = await screen.findByRole('form', { name: 'Shipping' });
    const user = userEvent.setup();
    await user.clear(within(form).getByLabelText('Fewest business days'));
    await user.type(within(form).getByLabelText('Fewest business days'), '5');
    await user.clear(within(form).getByLabelText('Most business days'));
    await user.type(within(form).getByLabelText('Most business days'), '10');
    expect(screen.getByTestId('delivery-promise')).toHaveTextContent('Customers see delivery in 6–11 business days');
  });

  it('saves the vendor’s own rate in cents, keeps the platform’s threshold as null, and says so', async () => {
    const { sent } = serveShipping(vendorShipping(), [
      vendorShipping({
        standard_delivery_min_days: 3,
        flat_rate_cents: 3990,
        estimate_min_business_days: 4,
        estimate_max_business_days: 8,
      }),
    ]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Shipping' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('checkbox', { name: 'Use the platform’s rate' }));
    // It starts from the platform's rate.
    const rate = within(form).getByLabelText('Your flat rate (R)');
    expect(rate).toHaveValue('65.00');
    expect(await screen.findByText(/your part of an order ships on its own/)).toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '39.90');
    await user.clear(within(form).getByLabelText('Fewest business days'));
    await user.type(within(form).getByLabelText('Fewest business days'), '3');
    await user.click(within(form).getByRole('button', { name: 'Save shipping' }));

    expect(await screen.findByText('Shipping saved')).toBeInTheDocument();
    expect(sent).toEqual([
      { standard_delivery_min_days: 3, standard_delivery_max_days: 5, flat_rate_cents: 3990, free_shipping_threshold_cents: null },
    ]);
    // The form is the saved page.
    expect(within(form).getByLabelText('Your flat rate (R)')).toHaveValue('39.90');
    expect(within(form).getByRole('button', { name: 'Save shipping' })).toBeEnabled();
  });

  it('sends null for an amount given back to the platform, and for empty days', async () => {
    const { sent } = serveShipping(vendorShipping({ flat_rate_cents: 3000, free_shipping_threshold_cents: 0 }));
    renderPage();
    const form = await screen.findByRole('form', { name: 'Shipping' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('checkbox', { name: 'Use the platform’s threshold' }));
    await user.clear(within(form).getByLabelText('Fewest business days'));
    await user.clear(within(form).getByLabelText('Most business days'));
    await user.click(within(form).getByRole('button', { name: 'Save shipping' }));
    expect(await screen.findByText('Shipping saved')).toBeInTheDocument();
    expect(sent).toEqual([
      { standard_delivery_min_days: null, standard_delivery_max_days: null, flat_rate_cents: 3000, free_shipping_threshold_cents: null },
    ]);
  });

  it('checks the days and the amounts before sending, the first mistake focused', async () => {
    const { sent } = serveShipping(vendorShipping());
    renderPage();
    const form = await screen.findByRole('form', { name: 'Shipping' });
    const user = userEvent.setup();
    const most = within(form).getByLabelText('Most business days');
    await user.clear(most);
    await user.type(most, '1');
    await user.click(within(form).getByRole('checkbox', { name: 'Use the platform’s rate' }));
    const rate = within(form).getByLabelText('Your flat rate (R)');
    await user.clear(rate);
    await user.type(rate, '10000.01');
    await user.click(within(form).getByRole('checkbox', { name: 'Use the platform’s threshold' }));
    await user.clear(within(form).getByLabelText('Free shipping from (R)'));
    await user.click(within(form).getByRole('button', { name: 'Save shipping' }));

    await waitFor(() => expect(most).toHaveAccessibleDescription('At least the fewest days'));
    expect(most).toHaveAttribute('aria-invalid', 'true');
    expect(most).toHaveFocus();
    expect(rate).toHaveAccessibleDescription(/The flat rate is between R0\.00 and R10000\.00/);
    expect(within(form).getByLabelText('Free shipping from (R)')).toHaveAccessibleDescription(
      /Enter your threshold, or use the platform’s/,
    );
    expect(sent).toEqual([]);
  });

  it('shows the API’s field errors under their inputs, and its other messages above the form', async () => {
    const { sent } = serveShipping(vendorShipping({ flat_rate_cents: 3000 }), [
      {
        status: 400,
        message: 'Some fields need attention',
        fields: {
          flat_rate_cents: 'The flat rate is between R0.00 and R10000.00',
          standard_delivery_max_days: 'At least the fewest days',
        },
      },
      { status: 400, message: 'Some fields need attention', fields: { shipping: 'Shipping is paused for your store' } },
    ]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Shipping' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Save shipping' }));

    const rate = within(form).getByLabelText('Your flat rate (R)');
    const most = within(form).getByLabelText('Most business days');
    await waitFor(() => expect(rate).toHaveAccessibleDescription(/The flat rate is between R0\.00 and R10000\.00/));
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(most).toHaveAccessibleDescription('At least the fewest days');
    // The first in the page's order has the focus.
    expect(most).toHaveFocus();
    expect(screen.queryByText('Shipping saved')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save shipping' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Some fields need attention');
    expect(alert).toHaveTextContent('Shipping is paused for your store');
    expect(sent).toHaveLength(2);
  });

  it('says what went wrong when saving fails on the server', async () => {
    serveShipping(vendorShipping(), [{ status: 500, message: 'boom' }]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Shipping' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Save shipping' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your shipping could not be saved. Please try again.');
  });

  it('says so when the vendor has no store yet', async () => {
    serveShipping({ status: 404, message: 'You have no store yet' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No store yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your applications' })).toHaveAttribute('href', '/vendor/applications/');
    expect(screen.queryByRole('form', { name: 'Shipping' })).not.toBeInTheDocument();
  });

  it('offers to try again when the page cannot be loaded', async () => {
    // A 4xx is not retried, and its message is shown.
    const { reads } = serveShipping({ status: 403, message: 'Your store is suspended' });
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('This could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('Your store is suspended');
    const before = reads();
    const user = userEvent.setup();
    await user.click(retry);
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});
