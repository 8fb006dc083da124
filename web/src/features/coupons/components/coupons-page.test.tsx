import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { CouponInput, VendorCoupon } from '@/features/coupons/api/coupon-types';
import { CouponsPage } from '@/features/coupons/components/coupons-page';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const DAY = 24 * 60 * 60 * 1000;

function coupon(overrides: Partial<VendorCoupon> = {}): VendorCoupon {
  return {
    id: '0190f000-0000-7000-8000-0000000c0001',
    code: 'SUMMER-10',
    description: 'Summer sale',
    kind: 'percentage',
    value: 10,
    min_spend_cents: 0,
    starts_at: null,
    expires_at: null,
    usage_limit: 100,
    per_customer_limit: null,
    times_used: 3,
    active: true,
    ...overrides,
  };
}

const used = coupon();
const scheduled = coupon({
  id: '0190f000-0000-7000-8000-0000000c0002',
  code: 'WELCOME50',
  description: '',
  kind: 'fixed',
  value: 5000,
  min_spend_cents: 25000,
  starts_at: new Date(Date.now() + 2 * DAY).toISOString(),
  usage_limit: null,
  per_customer_limit: 1,
  times_used: 0,
});
const off = coupon({ id: '0190f000-0000-7000-8000-0000000c0003', code: 'SPRING', active: false, times_used: 0 });
const expired = coupon({
  id: '0190f000-0000-7000-8000-0000000c0004',
  code: 'WINTER',
  expires_at: new Date(Date.now() - DAY).toISOString(),
});

type Problem = { status: number; code: string; message: string; fields?: Record<string, string> };

/**
 * Serves the coupons (the list changes as they are saved and deleted) and answers saves and
 * deletes with the next of `answers` (a problem), else as the API does; records what was sent.
 */
function serveCoupons(start: VendorCoupon[], answers: { save?: Problem[]; remove?: Problem[] } = {}) {
  let items = [...start];
  const sent: { method: string; id?: string; body: CouponInput }[] = [];
  const deleted: string[] = [];
  const problem = (next: Problem) =>
    HttpResponse.json({ error: { code: next.code, message: next.message, fields: next.fields } }, { status: next.status });
  server.use(
    http.get('*/api/v1/vendor/coupons', () => HttpResponse.json({ items })),
    http.post('*/api/v1/vendor/coupons', async ({ request }) => {
      const body = (await request.json()) as CouponInput;
      sent.push({ method: 'POST', body });
      const next = answers.save?.shift();
      if (next) return problem(next);
      const created = coupon({
        ...body,
        id: 'new-coupon',
        description: body.description ?? '',
        min_spend_cents: body.min_spend_cents ?? 0,
        active: body.active ?? true,
        times_used: 0,
      } as Partial<VendorCoupon>);
      items = [created, ...items];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/v1/vendor/coupons/:id', async ({ request, params }) => {
      const body = (await request.json()) as CouponInput;
      sent.push({ method: 'PUT', id: String(params.id), body });
      const next = answers.save?.shift();
      if (next) return problem(next);
      items = items.map((item) => (item.id === params.id ? ({ ...item, ...body } as VendorCoupon) : item));
      return HttpResponse.json(items.find((item) => item.id === params.id));
    }),
    http.delete('*/api/v1/vendor/coupons/:id', ({ params }) => {
      deleted.push(String(params.id));
      const next = answers.remove?.shift();
      if (next) return problem(next);
      items = items.filter((item) => item.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { sent, deleted };
}

function renderPage() {
  return renderWithQueryClient(
    <>
      <CouponsPage />
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  storeSession();
});

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

describe('/vendor/coupons', () => {
  it('shows a skeleton while the coupons load, then each one: code, discount, minimum, window, uses and status', async () => {
    serveCoupons([used, scheduled, off, expired]);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your coupons');

    const rows = await screen.findAllByTestId('coupon-row');
    expect(rows).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 1, name: 'Coupons' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Code',
      'Discount',
      'Minimum spend',
      'Window',
      'Uses',
      'Status',
      'Actions',
    ]);

    const [first, second, third, fourth] = rows;
    expect(within(first!).getByTestId('coupon-code')).toHaveTextContent('SUMMER-10');
    expect(first).toHaveTextContent('Summer sale');
    expect(within(first!).getByTestId('coupon-discount')).toHaveTextContent('10%');
    expect(within(first!).getByTestId('coupon-minimum')).toHaveTextContent('None');
    expect(within(first!).getByTestId('coupon-window')).toHaveTextContent('Any time');
    expect(within(first!).getByTestId('coupon-uses')).toHaveTextContent('3 / 100');
    expect(within(first!).getByTestId('status-badge')).toHaveTextContent('Active');
    // Used: it can be switched off, not deleted.
    expect(within(first!).queryByRole('button', { name: 'Delete SUMMER-10' })).not.toBeInTheDocument();

    expect(within(second!).getByTestId('coupon-discount')).toHaveTextContent('R50.00');
    expect(within(second!).getByTestId('coupon-minimum')).toHaveTextContent('R250.00');
    expect(within(second!).getByTestId('coupon-window')).toHaveTextContent(/^From /);
    expect(within(second!).getByTestId('coupon-uses')).toHaveTextContent('0 / no limit1 per customer');
    expect(within(second!).getByTestId('status-badge')).toHaveTextContent('Scheduled');
    expect(within(second!).getByRole('button', { name: 'Delete WELCOME50' })).toBeInTheDocument();

    expect(within(third!).getByTestId('status-badge')).toHaveTextContent('Off');
    expect(within(fourth!).getByTestId('status-badge')).toHaveTextContent('Expired');
    expect(within(fourth!).getByTestId('coupon-window')).toHaveTextContent(/^Until /);
  });

  it('says there are no coupons yet, and creates the first from there', async () => {
    const { sent } = serveCoupons([]);
    renderPage();
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByRole('heading', { name: 'No coupons yet' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(empty).getByRole('button', { name: 'Create a coupon' }));
    const form = screen.getByRole('form', { name: 'New coupon' });
    expect(screen.queryByTestId('empty-state')).not.toBeInTheDocument();

    await user.type(within(form).getByLabelText('Code'), 'welcome-50');
    await user.type(within(form).getByLabelText('Description'), 'First order');
    await user.click(within(form).getByRole('radio', { name: 'Amount off' }));
    await user.type(within(form).getByLabelText('Amount off (R)'), '50');
    await user.type(within(form).getByLabelText('Minimum spend (R)'), '250.00');
    fireEvent.change(within(form).getByLabelText('Starts'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(form).getByLabelText('Ends'), { target: { value: '2026-12-31T23:59' } });
    await user.type(within(form).getByLabelText('Uses in all'), '100');
    await user.type(within(form).getByLabelText('Uses per customer'), '1');
    expect(within(form).getByRole('switch', { name: 'Active' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));

    expect(await screen.findByText('Coupon created')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        body: {
          code: 'WELCOME-50',
          description: 'First order',
          kind: 'fixed',
          value: 5000,
          min_spend_cents: 25000,
          starts_at: new Date(2026, 11, 1, 9, 0).toISOString(),
          expires_at: new Date(2026, 11, 31, 23, 59).toISOString(),
          usage_limit: 100,
          per_customer_limit: 1,
          active: true,
        },
      },
    ]);
    // The form closes and the list shows the new coupon.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New coupon' })).not.toBeInTheDocument());
    const row = await screen.findByTestId('coupon-row');
    expect(within(row).getByTestId('coupon-code')).toHaveTextContent('WELCOME-50');
    expect(within(row).getByTestId('coupon-uses')).toHaveTextContent('0 / 100');
  });

  it('shows the API’s field errors under their inputs, announced, with the first in focus', async () => {
    const { sent } = serveCoupons([used], {
      save: [
        {
          status: 400,
          code: 'validation_failed',
          message: 'Check the fields',
          fields: { code: 'This code is taken: choose another', per_customer_limit: 'At most the overall limit' },
        },
      ],
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    const form = screen.getByRole('form', { name: 'New coupon' });
    await user.type(within(form).getByLabelText('Code'), 'SUMMER-10');
    await user.type(within(form).getByLabelText('Percent off (%)'), '15');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('The coupon was not saved: some fields need attention.');
    const code = within(form).getByLabelText('Code');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining('This code is taken: choose another'));
    expect(within(form).getByLabelText('Uses per customer')).toHaveAccessibleDescription(
      expect.stringContaining('At most the overall limit'),
    );
    expect(code).toHaveFocus();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ code: 'SUMMER-10', kind: 'percentage', value: 15, usage_limit: null });
  });

  it('checks the form before sending', async () => {
    const { sent } = serveCoupons([used]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    const form = screen.getByRole('form', { name: 'New coupon' });
    await user.type(within(form).getByLabelText('Code'), 'no spaces');
    await user.type(within(form).getByLabelText('Percent off (%)'), '150');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));

    expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription(
      expect.stringContaining('Use only letters, digits and dashes'),
    );
    expect(within(form).getByLabelText('Percent off (%)')).toHaveAccessibleDescription(
      expect.stringContaining('A percentage is 1 to 100'),
    );
    expect(within(form).getByLabelText('Code')).toHaveFocus();
    expect(sent).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New coupon' })).not.toBeInTheDocument();
  });

  it('edits a coupon: the form starts from it, and switching it off is saved', async () => {
    const { sent } = serveCoupons([used]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit SUMMER-10' }));
    const form = screen.getByRole('form', { name: 'Edit coupon SUMMER-10' });
    expect(within(form).getByLabelText('Code')).toHaveValue('SUMMER-10');
    expect(within(form).getByRole('radio', { name: 'Percentage off' })).toBeChecked();
    expect(within(form).getByLabelText('Percent off (%)')).toHaveValue('10');
    expect(within(form).getByLabelText('Uses in all')).toHaveValue('100');
    await user.click(within(form).getByRole('switch', { name: 'Active' }));
    await user.click(within(form).getByRole('button', { name: 'Save coupon' }));

    expect(await screen.findByText('Coupon saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        id: used.id,
        body: expect.objectContaining({ code: 'SUMMER-10', value: 10, usage_limit: 100, active: false }),
      },
    ]);
    await waitFor(() =>
      expect(within(screen.getByTestId('coupon-row')).getByTestId('status-badge')).toHaveTextContent('Off'),
    );
  });

  it('deletes an unused coupon once confirmed, and shows the API’s message when it was used meanwhile', async () => {
    const { deleted } = serveCoupons([scheduled, off], {
      remove: [{ status: 409, code: 'coupon_used', message: 'This coupon has been used: switch it off instead' }],
    });
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete WELCOME50' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete WELCOME50?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete coupon' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This coupon has been used: switch it off instead');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByTestId('coupon-row')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete SPRING' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete SPRING?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete coupon' }));
    expect(await screen.findByText('SPRING deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('coupon-row')).toHaveLength(1));
    expect(deleted).toEqual([scheduled.id, off.id]);
  });

  it('says when the coupons could not be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/vendor/coupons', () =>
        fail
          ? HttpResponse.json({ error: { code: 'unavailable', message: 'Down' } }, { status: 503 })
          : HttpResponse.json({ items: [used] }),
      ),
    );
    renderPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('This could not be loaded');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('coupon-row')).toBeInTheDocument();
  });
});
