import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { dealFilterFrom, dealsHref, type DailyDeal } from '@/features/admin/api/daily-deals';
import type { AdminProduct } from '@/features/admin/api/products';
import { AdminDailyDealsPage, checkNote, NOTE_LENGTH, percentOff } from '@/features/admin/components/daily-deals-page';
import { SCHEDULE_MESSAGES, todayInSouthAfrica } from '@/features/admin/components/schedule-deal-panel';
import { errorUnder } from '@/test/admin-settings';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const TODAY = '2026-12-01';

function deal(overrides: Partial<DailyDeal> = {}): DailyDeal {
  return {
    id: '0190f200-0000-7000-8000-000000000001',
    vendor_id: '0190f200-0000-7000-8000-0000000000a1',
    store_name: 'Karoo Outdoor Co.',
    product_id: '0190f200-0000-7000-8000-0000000000b1',
    product_name: 'Karoo Hiking Boot',
    product_slug: 'karoo-hiking-boot',
    image_url: 'https://cdn.example/boot.jpg',
    price_cents: 129_900,
    deal_date: '2026-12-03',
    deal_price_cents: 99_900,
    status: 'proposed',
    decision_note: '',
    decided_at: null,
    created_at: '2026-11-28T09:00:00Z',
    ...overrides,
  };
}

const BOOT = deal();
const TEE = deal({
  id: '0190f200-0000-7000-8000-000000000002',
  store_name: 'Cape Threads',
  product_name: 'Cape Trail Tee',
  product_slug: 'cape-trail-tee',
  image_url: null,
  price_cents: 25_000,
  deal_date: TODAY,
  deal_price_cents: 18_750,
});
const APPROVED = deal({
  id: '0190f200-0000-7000-8000-000000000003',
  product_name: 'Table Mountain Mug',
  product_slug: 'table-mountain-mug',
  deal_date: '2026-12-05',
  status: 'approved',
  decided_at: '2026-11-29T08:00:00Z',
});
const REJECTED = deal({
  id: '0190f200-0000-7000-8000-000000000004',
  product_name: 'Drakensberg Tent',
  product_slug: 'drakensberg-tent',
  status: 'rejected',
  decision_note: 'The same tent is on sale that week',
});

type Answer = { status: number; code: string; message: string; fields?: Record<string, string> };

/**
 * The deals as the server keeps them (a decision moves the status, as the domain allows, else
 * 409 `deal_status`); records each list query and decision. `answers` make a decision fail once.
 */
function serveDeals(initial: DailyDeal[], answers: { decide?: Answer } = {}) {
  let deals = initial;
  const lists: string[] = [];
  const decisions: { id: string; body: unknown }[] = [];
  const problem = ({ status, code, message, fields }: Answer) =>
    HttpResponse.json({ error: { code, message, fields } }, { status });
  server.use(
    http.get('*/api/v1/admin/daily-deals', ({ request }) => {
      const url = new URL(request.url);
      lists.push(url.search);
      const status = url.searchParams.get('status');
      return HttpResponse.json({ items: deals.filter((row) => !status || row.status === status), today: TODAY });
    }),
    http.post('*/api/v1/admin/daily-deals/:id/decision', async ({ request, params }) => {
      const body = (await request.json()) as { approve: boolean; note?: string };
      decisions.push({ id: String(params.id), body });
      const failure = answers.decide;
      if (failure) {
        answers.decide = undefined;
        return problem(failure);
      }
      const row = deals.find((candidate) => candidate.id === params.id);
      if (!row) return problem({ status: 404, code: 'not_found', message: 'Not found' });
      const allowed = body.approve ? row.status === 'proposed' : row.status === 'proposed' || row.status === 'approved';
      if (!allowed) {
        return problem({
          status: 409,
          code: 'deal_status',
          message: `A ${row.status} deal cannot be ${body.approve ? 'approved' : 'rejected'}`,
        });
      }
      const status = body.approve ? 'approved' : 'rejected';
      deals = deals.map((candidate) =>
        candidate.id === row.id
          ? { ...candidate, status, decision_note: body.note ?? '', decided_at: '2026-12-01T10:00:00Z' }
          : candidate,
      );
      return HttpResponse.json({ status });
    }),
  );
  return {
    lists,
    decisions,
    /** A deal joins the server's copy. */
    add: (row: DailyDeal) => (deals = [...deals, row]),
    /** Someone else moves a deal (the server's copy only). */
    change: (id: string, next: Partial<DailyDeal>) =>
      (deals = deals.map((row) => (row.id === id ? { ...row, ...next } : row))),
  };
}

function renderPage(search = '') {
  storeSession();
  vi.mocked(useRouter).mockReturnValue({ push } as unknown as ReturnType<typeof useRouter>);
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(
    <>
      <AdminDailyDealsPage />
      <Toaster />
    </>,
  );
}

function rowOf(name: string) {
  const row = screen.getAllByTestId('deal-row').find((element) => within(element).queryByText(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

async function findRow(name: string) {
  await screen.findAllByTestId('deal-row');
  return rowOf(name);
}

const push = vi.fn();

beforeEach(() => {
  // Sonner replays toasts still on screen to a new Toaster; each test starts without any.
  toast.dismiss();
  push.mockReset();
});

describe('/admin/daily-deals', () => {
  it('lists the proposals by date with product, store, prices and status', async () => {
    const { lists } = serveDeals([BOOT, TEE, APPROVED]);
    renderPage();

    const rows = await screen.findAllByTestId('deal-row');
    expect(lists).toEqual(['?status=proposed']);
    expect(rows.map((row) => within(row).getByTestId('deal-product').textContent)).toEqual([
      'Cape Trail Tee (opens in a new tab)',
      'Karoo Hiking Boot (opens in a new tab)',
    ]);

    const tee = rowOf('Cape Trail Tee');
    expect(within(tee).getByTestId('deal-date')).toHaveTextContent('Tue, 01 Dec 2026Today');
    expect(within(tee).getByTestId('deal-price')).toHaveTextContent('R250.00 → now R187.50 25% off');
    expect(within(tee).getByTestId('deal-store')).toHaveTextContent('Cape Threads');

    const boot = rowOf('Karoo Hiking Boot');
    expect(within(boot).getByTestId('deal-date')).toHaveTextContent('Thu, 03 Dec 2026');
    expect(within(boot).getByTestId('deal-date')).not.toHaveTextContent('Today');
    const link = within(boot).getByRole('link', { name: /^Karoo Hiking Boot ?\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', '/products/karoo-hiking-boot/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(boot.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/boot.jpg');
    expect(within(boot).getByTestId('deal-price')).toHaveTextContent('R1,299.00 → now R999.00 23% off');
    expect(within(boot).getByTestId('status-badge')).toHaveTextContent('Proposed');
    expect(within(boot).getByRole('button', { name: 'Approve' })).toHaveAccessibleDescription(/Karoo Hiking Boot/);
    expect(within(boot).getByRole('button', { name: 'Reject' })).toBeInTheDocument();

    const tabs = screen.getByRole('navigation', { name: 'Deal status' });
    expect(within(tabs).getByRole('link', { name: 'Proposed' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Approved' })).toHaveAttribute('href', '/admin/daily-deals/?status=approved');
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/admin/daily-deals/?status=all');
  });

  it('asks for every status under "All", and offers only what each status allows', async () => {
    const { lists } = serveDeals([BOOT, APPROVED, REJECTED]);
    renderPage('status=all');

    await screen.findAllByTestId('deal-row');
    expect(lists).toEqual(['']);
    expect(screen.getAllByTestId('deal-row')).toHaveLength(3);
    const approved = rowOf('Table Mountain Mug');
    expect(within(approved).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(approved).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const rejected = rowOf('Drakensberg Tent');
    expect(within(rejected).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rejected).getByTestId('deal-decision-note')).toHaveTextContent('Reason: The same tent is on sale that week');
  });

  it('approves a proposal and reads the list again', async () => {
    const { decisions, lists } = serveDeals([BOOT, TEE]);
    renderPage();
    const user = userEvent.setup();

    await user.click(within(await findRow('Karoo Hiking Boot')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Deal approved')).toBeInTheDocument();
    expect(screen.getByText('Karoo Hiking Boot on Thu, 03 Dec 2026')).toBeInTheDocument();
    expect(decisions).toEqual([{ id: BOOT.id, body: { approve: true } }]);
    // Read again: approved, it leaves the proposals.
    await waitFor(() => expect(screen.getAllByTestId('deal-row')).toHaveLength(1));
    expect(lists).toEqual(['?status=proposed', '?status=proposed']);
  });

  it('shows the 409 when the deal moved meanwhile', async () => {
    const api = serveDeals([BOOT]);
    renderPage();
    const user = userEvent.setup();
    const approve = within(await findRow('Karoo Hiking Boot')).getByRole('button', { name: 'Approve' });
    // The vendor withdraws it meanwhile.
    api.change(BOOT.id, { status: 'withdrawn' });
    await user.click(approve);

    expect(await screen.findByText('The deal was not approved')).toBeInTheDocument();
    expect(screen.getByText('A withdrawn deal cannot be approved')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Nothing to decide' })).toBeInTheDocument();
  });

  it('rejects only with a reason of 3 to 1000 characters, and sends it', async () => {
    const { decisions } = serveDeals([BOOT, TEE]);
    renderPage();
    const user = userEvent.setup();

    await user.click(within(await findRow('Karoo Hiking Boot')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this deal?' });
    expect(dialog).toHaveTextContent('Karoo Hiking Boot on Thu, 03 Dec 2026 at R999.00, from Karoo Outdoor Co.');
    const send = within(dialog).getByRole('button', { name: 'Reject deal' });
    await user.click(send);
    expect(within(dialog).getByText(NOTE_LENGTH)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Reason'), ' no ');
    await user.click(send);
    expect(within(dialog).getByText(NOTE_LENGTH)).toBeInTheDocument();
    expect(decisions).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.type(within(dialog).getByLabelText('Reason'), '  The boot is on sale elsewhere that week ');
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(decisions).toEqual([
      { id: BOOT.id, body: { approve: false, note: 'The boot is on sale elsewhere that week' } },
    ]);
    expect(await screen.findByText('Deal rejected')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('deal-row')).toHaveLength(1));
  });

  it('puts the server’s word on the reason under the field, and a 409 in the dialog', async () => {
    serveDeals([APPROVED], {
      decide: { status: 400, code: 'validation_failed', message: 'Invalid', fields: { note: 'The message has a control character' } },
    });
    renderPage('status=approved');
    const user = userEvent.setup();
    await user.click(within(await findRow('Table Mountain Mug')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('It was approved: it will not run.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong price');
    await user.click(within(dialog).getByRole('button', { name: 'Reject deal' }));
    expect(await within(dialog).findByText('The message has a control character')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a conflict on rejecting in the dialog', async () => {
    serveDeals([APPROVED], { decide: { status: 409, code: 'deal_date_passed', message: "This deal's date has passed" } });
    renderPage('status=approved');
    const user = userEvent.setup();
    await user.click(within(await findRow('Table Mountain Mug')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong price');
    await user.click(within(dialog).getByRole('button', { name: 'Reject deal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("This deal's date has passed");
    expect(within(dialog).getByLabelText('Reason')).not.toHaveAttribute('aria-invalid');
  });

  it('says when there is nothing to decide, and shows a failed load with a retry', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/admin/daily-deals', () =>
        fail
          ? HttpResponse.json({ error: { code: 'forbidden', message: 'Sign in again as an admin' } }, { status: 403 })
          : HttpResponse.json({ items: [], today: TODAY }),
      ),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign in again as an admin');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Nothing to decide' })).toBeInTheDocument();
  });
});

function adminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: '0190f200-0000-7000-8000-0000000000c1',
    slug: 'karoo-trail-runner',
    name: 'Karoo Trail Runner',
    sku: 'KOC-RUN',
    brand: 'Karoo',
    category: 'footwear',
    status: 'active',
    featured: false,
    listed: true,
    price_cents: 129_900,
    available_stock: 12,
    low_stock_threshold: 5,
    image_url: null,
    vendor_id: BOOT.vendor_id,
    vendor_name: 'Karoo Outdoor Co.',
    review_note: null,
    version: 1,
    updated_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

const RUNNER = adminProduct();
const CAP = adminProduct({
  id: '0190f200-0000-7000-8000-0000000000c2',
  slug: 'cape-cap',
  name: 'Cape Trail Cap',
  price_cents: 25_000,
  vendor_id: null,
  vendor_name: null,
});

/**
 * The admin product search (by name, as `q`) and POST /api/v1/admin/daily-deals: a scheduled deal
 * joins the list as approved and is answered (201); `answer` refuses instead. Records each search and body.
 */
function serveScheduling(deals: ReturnType<typeof serveDeals>, answer?: () => Response) {
  const searches: string[] = [];
  const bodies: unknown[] = [];
  server.use(
    http.get('*/api/v1/admin/products', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      searches.push(q);
      const products = [RUNNER, CAP].filter((item) => item.name.toLowerCase().includes(q.toLowerCase()));
      return HttpResponse.json({ products, total: { count: products.length, capped: false } });
    }),
    http.post('*/api/v1/admin/daily-deals', async ({ request }) => {
      const body = (await request.json()) as { product_id: string; deal_date: string; deal_price_cents: number };
      bodies.push(body);
      if (answer) return answer();
      const scheduled = deal({
        id: '0190f200-0000-7000-8000-0000000000d1',
        product_id: body.product_id,
        product_name: RUNNER.name,
        product_slug: RUNNER.slug,
        price_cents: RUNNER.price_cents,
        deal_date: body.deal_date,
        deal_price_cents: body.deal_price_cents,
        status: 'approved',
        decided_at: '2026-12-01T10:00:00Z',
      });
      deals.add(scheduled);
      return HttpResponse.json(scheduled, { status: 201 });
    }),
  );
  return { searches, bodies };
}

/** Opens "Schedule a deal", finds the runner by name and picks it. */
async function pickRunner(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { level: 1, name: 'Daily deals' });
  await user.click(screen.getByRole('button', { name: 'Schedule a deal' }));
  const form = screen.getByRole('form', { name: 'Schedule a deal' });
  await user.type(within(form).getByLabelText('Product'), 'runner');
  const found = await within(form).findByRole('list', { name: 'Products found' });
  const choice = within(found).getByRole('button', { name: /Karoo Trail Runner/ });
  expect(choice).toHaveTextContent('Karoo Trail RunnerKaroo Outdoor Co.R1,299.00');
  await user.click(choice);
  expect(within(form).getByTestId('chosen-product')).toHaveTextContent('Karoo Trail RunnerKaroo Outdoor Co. · R1,299.00');
  return form;
}

describe('scheduling a deal', () => {
  it('finds any store’s product by name, sends the deal, and shows it approved', async () => {
    const deals = serveDeals([APPROVED]);
    const api = serveScheduling(deals);
    renderPage('status=approved');
    const user = userEvent.setup();

    const form = await pickRunner(user);
    expect(api.searches.at(-1)).toBe('runner');
    const date = within(form).getByLabelText('Date');
    // From the server's today to 90 days ahead; today to start with.
    expect(date).toHaveValue(TODAY);
    expect(date).toHaveAttribute('min', TODAY);
    expect(date).toHaveAttribute('max', '2027-03-01');
    fireEvent.change(date, { target: { value: '2026-12-10' } });
    await user.type(within(form).getByLabelText('Deal price (R)'), '999.5');
    await user.click(within(form).getByRole('button', { name: 'Schedule deal' }));

    expect(await screen.findByText('Deal scheduled')).toBeInTheDocument();
    expect(screen.getByText('Karoo Trail Runner on Thu, 10 Dec 2026')).toBeInTheDocument();
    expect(api.bodies).toEqual([{ product_id: RUNNER.id, deal_date: '2026-12-10', deal_price_cents: 99_950 }]);
    expect(screen.queryByRole('form', { name: 'Schedule a deal' })).not.toBeInTheDocument();
    // The list is read again and has the new deal, approved.
    const row = await waitFor(() => rowOf('Karoo Trail Runner'));
    expect(within(row).getByTestId('status-badge')).toHaveTextContent('Approved');
    expect(within(row).getByTestId('deal-price')).toHaveTextContent('R1,299.00 → now R999.50');
    expect(push).not.toHaveBeenCalled();
  });

  it('goes to the approved deals after scheduling from the proposals', async () => {
    const deals = serveDeals([BOOT]);
    serveScheduling(deals);
    renderPage();
    const user = userEvent.setup();
    const form = await pickRunner(user);
    await user.type(within(form).getByLabelText('Deal price (R)'), '1000');
    await user.click(within(form).getByRole('button', { name: 'Schedule deal' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/admin/daily-deals/?status=approved'));
  });

  it('checks the product, date and price before sending', async () => {
    const deals = serveDeals([APPROVED]);
    const api = serveScheduling(deals);
    renderPage('status=approved');
    const user = userEvent.setup();
    await screen.findAllByTestId('deal-row');
    await user.click(screen.getByRole('button', { name: 'Schedule a deal' }));
    const form = screen.getByRole('form', { name: 'Schedule a deal' });

    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2026-11-30' } });
    await user.type(within(form).getByLabelText('Deal price (R)'), '9.999');
    await user.click(within(form).getByRole('button', { name: 'Schedule deal' }));
    await waitFor(() => expect(errorUnder(within(form).getByLabelText('Product'))).toBe(SCHEDULE_MESSAGES.product));
    expect(errorUnder(within(form).getByLabelText('Date'))).toBe('Choose a date from today');
    expect(errorUnder(within(form).getByLabelText('Deal price (R)'))).toBe('Use an amount like 99.00');

    await user.type(within(form).getByLabelText('Product'), 'runner');
    await user.click(await within(form).findByRole('button', { name: /Karoo Trail Runner/ }));
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2027-03-02' } });
    await user.clear(within(form).getByLabelText('Deal price (R)'));
    await user.type(within(form).getByLabelText('Deal price (R)'), '1299');
    await user.click(within(form).getByRole('button', { name: 'Schedule deal' }));
    await waitFor(() => expect(errorUnder(within(form).getByLabelText('Date'))).toBe('Propose a date within 90 days'));
    expect(errorUnder(within(form).getByLabelText('Deal price (R)'))).toBe("The deal price must be below today's price of R1,299.00");
    expect(api.bodies).toEqual([]);
  });

  it('shows the server’s field errors under their fields, and a deal already on that date under the date', async () => {
    const deals = serveDeals([APPROVED]);
    let answer = () =>
      HttpResponse.json(
        {
          error: {
            code: 'validation',
            message: 'Invalid',
            fields: { deal_price_cents: "The deal price must be below today's price of R1200.00" },
          },
        },
        { status: 400 },
      );
    const api = serveScheduling(deals, () => answer());
    renderPage('status=approved');
    const user = userEvent.setup();
    const form = await pickRunner(user);
    const price = within(form).getByLabelText('Deal price (R)');
    await user.type(price, '1250');
    await user.click(within(form).getByRole('button', { name: 'Schedule deal' }));

    await waitFor(() => expect(errorUnder(price)).toBe("The deal price must be below today's price of R1200.00"));
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveFocus();
    expect(screen.getByRole('form', { name: 'Schedule a deal' })).toBeInTheDocument();

    answer = () =>
      HttpResponse.json(
        { error: { code: 'deal_taken', message: 'This product already has a deal on that date' } },
        { status: 409 },
      );
    await user.clear(price);
    await user.type(price, '999');
    await user.click(within(form).getByRole('button', { name: 'Schedule deal' }));
    await waitFor(() =>
      expect(errorUnder(within(form).getByLabelText('Date'))).toBe('This product already has a deal on that date'),
    );
    expect(api.bodies).toHaveLength(2);
    expect(screen.queryByText('Deal scheduled')).not.toBeInTheDocument();
  });

  it('takes today from South African time', () => {
    // 23:30 UTC on 30 November is already 1 December in Johannesburg.
    expect(todayInSouthAfrica(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(todayInSouthAfrica(new Date('2026-12-01T21:59:00Z'))).toBe('2026-12-01');
  });
});

describe('the deal list’s address and words', () => {
  it('keeps a known status, defaulting to the proposals', () => {
    expect(dealFilterFrom(new URLSearchParams(''))).toBe('proposed');
    expect(dealFilterFrom(new URLSearchParams('status=expired'))).toBe('proposed');
    expect(dealFilterFrom(new URLSearchParams('status=withdrawn'))).toBe('withdrawn');
    expect(dealFilterFrom(new URLSearchParams('status=all'))).toBe('all');
    expect(dealsHref('proposed')).toBe('/admin/daily-deals/');
    expect(dealsHref('rejected')).toBe('/admin/daily-deals/?status=rejected');
  });

  it('works out the saving and checks the reason', () => {
    expect(percentOff(10_000, 7_500)).toBe(25);
    expect(percentOff(10_000, 9_999)).toBe(1);
    expect(percentOff(10_000, 10_000)).toBeNull();
    expect(percentOff(0, 0)).toBeNull();
    expect(checkNote('  ok ')).toEqual({ error: NOTE_LENGTH });
    expect(checkNote(' Too dear ')).toEqual({ note: 'Too dear' });
    expect(checkNote('a'.repeat(1001))).toEqual({ error: NOTE_LENGTH });
  });
});
