import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { couponInputOf, couponParamsFrom, couponsHref, type AdminCoupon } from '@/features/admin/api/coupons';
import { AdminCouponsPage, couponCountText } from '@/features/admin/components/coupons-page';
import type { CouponInput } from '@/features/coupons/api/coupon-types';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const DAY = 24 * 60 * 60 * 1000;

function coupon(overrides: Partial<AdminCoupon> = {}): AdminCoupon {
  return {
    id: '0190f300-0000-7000-8000-0000000c0001',
    code: 'HERITAGE-20',
    description: 'Heritage Day, every store',
    kind: 'percentage',
    value: 20,
    min_spend_cents: 50_000,
    starts_at: null,
    expires_at: null,
    usage_limit: 500,
    per_customer_limit: 1,
    times_used: 12,
    active: true,
    store_name: null,
    orders: 12,
    discount_cents: 184_250,
    last_used_at: '2026-11-24T12:30:00Z',
    ...overrides,
  };
}

const HERITAGE = coupon();
const WELCOME = coupon({
  id: '0190f300-0000-7000-8000-0000000c0002',
  code: 'WELCOME50',
  description: '',
  kind: 'fixed',
  value: 5000,
  min_spend_cents: 0,
  usage_limit: null,
  per_customer_limit: null,
  times_used: 0,
  orders: 0,
  discount_cents: 0,
  last_used_at: null,
});
const WINTER = coupon({
  id: '0190f300-0000-7000-8000-0000000c0003',
  code: 'WINTER',
  expires_at: new Date(Date.now() - DAY).toISOString(),
});
const STORE = coupon({
  id: '0190f300-0000-7000-8000-0000000c0004',
  code: 'KAROO-10',
  description: 'Karoo Outdoor’s own',
  value: 10,
  store_name: 'Karoo Outdoor Co.',
  times_used: 3,
  orders: 3,
  discount_cents: 4_500,
});

type Problem = { status: number; code: string; message: string; fields?: Record<string, string> };

/**
 * The coupons as the server keeps them, filtered by scope (the list changes as they are saved and
 * deleted); saves and deletes answer the next of `answers` (a problem), else as the API does.
 * Records each list query and what was sent.
 */
function serveCoupons(start: AdminCoupon[], answers: { save?: Problem[]; remove?: Problem[] } = {}) {
  let items = [...start];
  const lists: string[] = [];
  const sent: { method: string; id?: string; body: CouponInput }[] = [];
  const deleted: string[] = [];
  const problem = (next: Problem) =>
    HttpResponse.json({ error: { code: next.code, message: next.message, fields: next.fields } }, { status: next.status });
  server.use(
    http.get('*/api/v1/admin/coupons', ({ request }) => {
      const url = new URL(request.url);
      lists.push(url.search);
      const scope = url.searchParams.get('scope') ?? 'platform';
      const rows = items.filter((row) => scope === 'all' || (scope === 'platform') === (row.store_name === null));
      return HttpResponse.json({ coupons: rows, total: rows.length });
    }),
    http.post('*/api/v1/admin/coupons', async ({ request }) => {
      const body = (await request.json()) as CouponInput;
      sent.push({ method: 'POST', body });
      const next = answers.save?.shift();
      if (next) return problem(next);
      const created = coupon({
        ...(body as Partial<AdminCoupon>),
        id: 'new-coupon',
        times_used: 0,
        orders: 0,
        discount_cents: 0,
        last_used_at: null,
      });
      items = [created, ...items];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/v1/admin/coupons/:id', async ({ request, params }) => {
      const body = (await request.json()) as CouponInput;
      sent.push({ method: 'PUT', id: String(params.id), body });
      const next = answers.save?.shift();
      if (next) return problem(next);
      items = items.map((item) => (item.id === params.id ? ({ ...item, ...body } as AdminCoupon) : item));
      return HttpResponse.json(items.find((item) => item.id === params.id));
    }),
    http.delete('*/api/v1/admin/coupons/:id', ({ params }) => {
      deleted.push(String(params.id));
      const next = answers.remove?.shift();
      if (next) return problem(next);
      items = items.filter((item) => item.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { lists, sent, deleted };
}

function renderPage(search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(
    <>
      <AdminCouponsPage />
      <Toaster />
    </>,
  );
}

function rowOf(code: string) {
  const row = screen.getAllByTestId('coupon-row').find((element) => within(element).queryByText(code));
  if (!row) throw new Error(`No row for ${code}`);
  return row;
}

async function findRow(code: string) {
  await screen.findAllByTestId('coupon-row');
  return rowOf(code);
}

beforeEach(() => {
  // Sonner replays toasts still on screen to a new Toaster; each test starts without any.
  toast.dismiss();
});

describe('/admin/coupons', () => {
  it('lists the platform’s coupons with their terms, uses and what they have done', async () => {
    const { lists } = serveCoupons([HERITAGE, WELCOME, WINTER, STORE]);
    renderPage();

    const rows = await screen.findAllByTestId('coupon-row');
    expect(lists).toEqual(['?scope=platform&page=1&per_page=20']);
    expect(rows).toHaveLength(3);
    expect(screen.getByTestId('coupons-total')).toHaveTextContent('3 coupons');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Code',
      'Discount',
      'Minimum spend',
      'Window',
      'Uses',
      'Orders',
      'Discount given',
      'Last used',
      'Status',
      'Actions',
    ]);

    const heritage = rowOf('HERITAGE-20');
    expect(heritage).toHaveTextContent('Heritage Day, every store');
    expect(within(heritage).getByTestId('coupon-discount')).toHaveTextContent('20%');
    expect(within(heritage).getByTestId('coupon-minimum')).toHaveTextContent('R500.00');
    expect(within(heritage).getByTestId('coupon-window')).toHaveTextContent('Any time');
    expect(within(heritage).getByTestId('coupon-uses')).toHaveTextContent('12 / 5001 per customer');
    expect(within(heritage).getByTestId('coupon-orders')).toHaveTextContent('12');
    expect(within(heritage).getByTestId('coupon-discount-given')).toHaveTextContent('R1,842.50');
    expect(within(heritage).getByTestId('coupon-last-used')).toHaveTextContent('24 Nov 2026');
    expect(within(heritage).getByTestId('status-badge')).toHaveTextContent('Active');
    expect(within(heritage).getByRole('button', { name: 'Edit HERITAGE-20' })).toBeInTheDocument();
    expect(within(heritage).getByRole('button', { name: 'Delete HERITAGE-20' })).toBeInTheDocument();

    const welcome = rowOf('WELCOME50');
    expect(within(welcome).getByTestId('coupon-discount')).toHaveTextContent('R50.00');
    expect(within(welcome).getByTestId('coupon-minimum')).toHaveTextContent('None');
    expect(within(welcome).getByTestId('coupon-uses')).toHaveTextContent('0 / no limit');
    expect(within(welcome).getByTestId('coupon-last-used')).toHaveTextContent('Never');
    expect(within(welcome).getByTestId('coupon-discount-given')).toHaveTextContent('R0.00');

    expect(within(rowOf('WINTER')).getByTestId('status-badge')).toHaveTextContent('Expired');
    expect(within(rowOf('WINTER')).getByTestId('coupon-window')).toHaveTextContent(/^Until /);

    const tabs = screen.getByRole('navigation', { name: 'Whose coupons' });
    expect(within(tabs).getByRole('link', { name: 'Platform' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Stores' })).toHaveAttribute('href', '/admin/coupons/?scope=stores');
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/admin/coupons/?scope=all');
  });

  it('shows the stores’ coupons with their store, and offers no change to them', async () => {
    const { lists } = serveCoupons([HERITAGE, STORE]);
    renderPage('scope=stores');

    const row = await findRow('KAROO-10');
    expect(lists).toEqual(['?scope=stores&page=1&per_page=20']);
    expect(screen.getAllByTestId('coupon-row')).toHaveLength(1);
    expect(screen.getByRole('columnheader', { name: 'Store' })).toBeInTheDocument();
    expect(within(row).getByTestId('coupon-store')).toHaveTextContent('Karoo Outdoor Co.');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Whose coupons' });
    expect(within(tabs).getByRole('link', { name: 'Stores' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Platform' })).toHaveAttribute('href', '/admin/coupons/');
  });

  it('shows every coupon under “All”, the platform’s marked as such, and pages through them', async () => {
    server.use(
      http.get('*/api/v1/admin/coupons', () => HttpResponse.json({ coupons: [HERITAGE, STORE], total: 42 })),
    );
    renderPage('scope=all&page=2');
    await screen.findAllByTestId('coupon-row');
    expect(within(rowOf('HERITAGE-20')).getByTestId('coupon-store')).toHaveTextContent('Platform');
    expect(within(rowOf('KAROO-10')).getByTestId('coupon-store')).toHaveTextContent('Karoo Outdoor Co.');
    expect(screen.getByTestId('coupons-total')).toHaveTextContent('42 coupons');
    const pages = screen.getByRole('navigation', { name: 'Coupon pages' });
    expect(pages).toHaveTextContent('Page 2 of 3');
    expect(within(pages).getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/admin/coupons/?scope=all');
    expect(within(pages).getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/admin/coupons/?scope=all&page=3');
  });

  it('creates a platform coupon, and shows the API’s field errors under their inputs first', async () => {
    const { sent } = serveCoupons([HERITAGE], {
      save: [
        {
          status: 400,
          code: 'validation_failed',
          message: 'Check the fields',
          fields: { code: 'This code is taken: choose another' },
        },
      ],
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    expect(screen.getByRole('heading', { name: 'New platform coupon' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New coupon' });
    expect(within(form).getByLabelText('Minimum spend (R)')).toHaveAccessibleDescription(
      'What the items in the cart must come to. Leave it empty for none.',
    );
    await user.type(within(form).getByLabelText('Code'), 'heritage-20');
    await user.click(within(form).getByRole('radio', { name: 'Amount off' }));
    await user.type(within(form).getByLabelText('Amount off (R)'), '75');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('The coupon was not saved: some fields need attention.');
    const code = within(form).getByLabelText('Code');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining('This code is taken: choose another'));
    expect(code).toHaveFocus();

    await user.clear(code);
    await user.type(code, 'spring-75');
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Coupon created')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', body: expect.objectContaining({ code: 'HERITAGE-20', kind: 'fixed', value: 7500 }) },
      {
        method: 'POST',
        body: {
          code: 'SPRING-75',
          description: '',
          kind: 'fixed',
          value: 7500,
          min_spend_cents: 0,
          starts_at: null,
          expires_at: null,
          usage_limit: null,
          per_customer_limit: null,
          active: true,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New coupon' })).not.toBeInTheDocument());
    expect(await findRow('SPRING-75')).toBeInTheDocument();
  });

  it('edits a platform coupon from its values', async () => {
    const { sent } = serveCoupons([HERITAGE]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit HERITAGE-20' }));
    const form = screen.getByRole('form', { name: 'Edit coupon HERITAGE-20' });
    expect(within(form).getByLabelText('Percent off (%)')).toHaveValue('20');
    expect(within(form).getByLabelText('Minimum spend (R)')).toHaveValue('500.00');
    const percent = within(form).getByLabelText('Percent off (%)');
    await user.clear(percent);
    await user.type(percent, '25');
    await user.click(within(form).getByRole('button', { name: 'Save coupon' }));

    expect(await screen.findByText('Coupon saved')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'PUT', id: HERITAGE.id, body: { ...couponInputOf(HERITAGE), value: 25 } },
    ]);
    await waitFor(() => expect(within(rowOf('HERITAGE-20')).getByTestId('coupon-discount')).toHaveTextContent('25%'));
  });

  it('deletes an unused coupon once confirmed', async () => {
    const { deleted } = serveCoupons([HERITAGE, WELCOME]);
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await findRow('WELCOME50')).getByRole('button', { name: 'Delete WELCOME50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete WELCOME50?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete coupon' }));
    expect(await screen.findByText('WELCOME50 deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('coupon-row')).toHaveLength(1));
    expect(deleted).toEqual([WELCOME.id]);
  });

  it('on a 409 `coupon_used`, says so and offers to switch the coupon off instead', async () => {
    const { deleted, sent } = serveCoupons([HERITAGE], {
      remove: [{ status: 409, code: 'coupon_used', message: 'This coupon has been used: switch it off instead' }],
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await findRow('HERITAGE-20')).getByRole('button', { name: 'Delete HERITAGE-20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete HERITAGE-20?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete coupon' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This coupon has been used: switch it off instead');
    expect(within(dialog).queryByRole('button', { name: 'Delete coupon' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Switch off' }));

    expect(await screen.findByText('HERITAGE-20 switched off')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([HERITAGE.id]);
    expect(sent).toEqual([{ method: 'PUT', id: HERITAGE.id, body: { ...couponInputOf(HERITAGE), active: false } }]);
    await waitFor(() => expect(within(rowOf('HERITAGE-20')).getByTestId('status-badge')).toHaveTextContent('Off'));
    // Used and off: there is nothing left to delete.
    expect(within(rowOf('HERITAGE-20')).queryByRole('button', { name: 'Delete HERITAGE-20' })).not.toBeInTheDocument();
  });

  it('says when there are none, and shows a failed load with a retry', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/admin/coupons', () =>
        fail
          ? HttpResponse.json({ error: { code: 'forbidden', message: 'Sign in again as an admin' } }, { status: 403 })
          : HttpResponse.json({ coupons: [], total: 0 }),
      ),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign in again as an admin');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No platform coupons yet' })).toBeInTheDocument();
  });
});

describe('the coupon list’s address and words', () => {
  it('keeps a known scope and page, leaving the defaults out', () => {
    expect(couponParamsFrom(new URLSearchParams(''))).toEqual({ scope: 'platform', page: 1 });
    expect(couponParamsFrom(new URLSearchParams('scope=mine&page=x'))).toEqual({ scope: 'platform', page: 1 });
    const params = couponParamsFrom(new URLSearchParams('scope=stores&page=3'));
    expect(params).toEqual({ scope: 'stores', page: 3 });
    expect(couponsHref(params)).toBe('/admin/coupons/?scope=stores&page=3');
    expect(couponsHref({ scope: 'platform', page: 1 })).toBe('/admin/coupons/');
    expect(couponCountText(1)).toBe('1 coupon');
    expect(couponCountText(1200)).toBe('1,200 coupons');
  });
});
