import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MoneyEntries, VendorMoney } from '@/features/money/api/money-types';
import { VendorMoneyPage } from '@/features/money/components/vendor-money-page';
import { storeSession } from '@/test/auth';
import { moneyEntries, moneyEntry, payout, vendorMoney } from '@/test/money';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({
  useRouter: vi.fn(),
  useSearchParams: vi.fn(),
  usePathname: vi.fn(() => '/vendor/money/'),
}));

/** 23:30 on 30 November in UTC is already 01:30 on 1 December in South Africa. */
const NOW = new Date('2026-11-30T23:30:00Z');

let push: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // Only the clock: the page's "current month" is South Africa's at NOW.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  push = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ push, replace: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  storeSession();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderAt(search = '') {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(<VendorMoneyPage />);
}

/** Serves the balance and a month of postings, recording the postings' queries. */
function serveMoney(money: VendorMoney, entries: (month: string) => MoneyEntries) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/vendor/money', () => HttpResponse.json(money)),
    http.get('*/api/v1/vendor/money/entries', ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      return HttpResponse.json(entries(url.searchParams.get('month') ?? ''));
    }),
  );
  return queries;
}

describe('/vendor/money', () => {
  it('shows pending and available with the payout rules, and the recent payouts', async () => {
    serveMoney(
      vendorMoney({
        payouts: [
          payout({ status: 'paid', settled_at: '2026-11-21T10:00:00Z' }),
          payout({
            id: '0190e000-0000-7000-8000-00000000f0aa',
            status: 'failed',
            amount_cents: 30000,
            account_number_last4: '4321',
            reference: 'BAZAAR 0190d111',
            failure_reason: 'The account is closed',
            created_at: '2026-11-13T08:00:00Z',
          }),
        ],
      }),
      (month) => moneyEntries(month, []),
    );
    renderAt();

    const pending = await screen.findByTestId('pending-card');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByTestId('balance-amount')).toHaveTextContent('R480.00');
    const available = screen.getByTestId('available-card');
    expect(within(available).getByTestId('balance-amount')).toHaveTextContent('R1,250.50');
    expect(available).toHaveTextContent(
      'Paid out in the next run once at least R100.00; sales become available 7 days after delivery.',
    );

    const rows = screen.getAllByTestId('payout-row') as [HTMLElement, HTMLElement];
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByTestId('status-badge')).toHaveTextContent('Paid');
    expect(rows[0]).toHaveTextContent('20 Nov 2026');
    expect(rows[0]).toHaveTextContent('BAZAAR 0190e000');
    expect(within(rows[0]).getByTestId('payout-account')).toHaveTextContent('****account ending in 6789');
    expect(within(rows[0]).getByTestId('payout-amount')).toHaveTextContent('R1,250.50');
    expect(within(rows[1]).getByTestId('status-badge')).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('The account is closed');
    expect(within(rows[1]).getByTestId('payout-amount')).toHaveTextContent('R300.00');
  });

  it('shows the current month in South African time by default, with no month after it', async () => {
    const queries = serveMoney(vendorMoney(), (month) => moneyEntries(month, []));
    renderAt();

    expect(await screen.findByRole('heading', { name: 'Nothing in December 2026' })).toBeInTheDocument();
    expect(queries).toEqual(['?month=2026-12&page=1&per_page=20']);
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('2026-12');
    expect(screen.getByRole('link', { name: 'Previous month' })).toHaveAttribute('href', '/vendor/money/?month=2026-11');
    expect(screen.getByRole('link', { name: 'Next month' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: 'Next month' })).not.toHaveAttribute('href');
    expect(screen.getByTestId('no-payouts')).toHaveTextContent('No payouts yet');
  });

  it('lists the postings of the month and page in the URL: date, kind in words, order, balance and signed amount', async () => {
    const queries = serveMoney(vendorMoney(), (month) =>
      moneyEntries(
        month,
        [
          moneyEntry({
            id: 'e-payout',
            kind: 'payout',
            balance: 'available',
            amount_cents: -125050,
            description: 'Payout BAZAAR 0190e000',
            order_id: null,
            order_number: null,
            payout_id: 'p-1',
            effective_at: '2026-10-30T08:00:00Z',
          }),
          moneyEntry({
            id: 'e-release',
            kind: 'release',
            balance: 'available',
            description: 'Available after the 7-day hold',
            // 22:30 UTC on the 14th is the 15th in South Africa.
            effective_at: '2026-10-14T22:30:00Z',
          }),
          moneyEntry({ id: 'e-sale', effective_at: '2026-10-06T09:02:00Z' }),
        ],
        45,
        2,
      ),
    );
    renderAt('month=2026-10&page=2');

    const rows = (await screen.findAllByTestId('money-entry')) as [HTMLElement, HTMLElement, HTMLElement];
    expect(queries).toEqual(['?month=2026-10&page=2&per_page=20']);
    expect(screen.getByTestId('entries-count')).toHaveTextContent('45 postings in October 2026.');
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('2026-10');

    expect(within(rows[0]).getByTestId('entry-kind')).toHaveTextContent('Payout sent');
    expect(rows[0]).toHaveTextContent('30 Oct 2026');
    expect(rows[0]).toHaveTextContent('Payout BAZAAR 0190e000');
    expect(within(rows[0]).getByTestId('entry-balance')).toHaveTextContent('Available');
    expect(within(rows[0]).getByTestId('entry-amount')).toHaveTextContent('-R1,250.50');

    expect(within(rows[1]).getByTestId('entry-kind')).toHaveTextContent('Released after the hold');
    expect(rows[1]).toHaveTextContent('15 Oct 2026');

    expect(within(rows[2]).getByTestId('entry-kind')).toHaveTextContent('Sale');
    expect(rows[2]).toHaveTextContent('BZ-2026112601');
    expect(within(rows[2]).getByTestId('entry-balance')).toHaveTextContent('Pending');
    expect(within(rows[2]).getByTestId('entry-amount')).toHaveTextContent('+R435.60');

    const pages = screen.getByRole('navigation', { name: 'Statement pages' });
    expect(pages).toHaveTextContent('Page 2 of 3');
    expect(within(pages).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/vendor/money/?month=2026-10&page=3');
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/vendor/money/?month=2026-10');
    expect(screen.getByRole('link', { name: 'Previous month' })).toHaveAttribute('href', '/vendor/money/?month=2026-09');
    expect(screen.getByRole('link', { name: 'Next month' })).toHaveAttribute('href', '/vendor/money/?month=2026-11');
  });

  it('goes to the month chosen from the list, on its first page', async () => {
    serveMoney(vendorMoney(), (month) => moneyEntries(month, [moneyEntry()]));
    renderAt('month=2026-10&page=2');
    await screen.findAllByTestId('money-entry');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'August 2026');
    expect(push).toHaveBeenCalledWith('/vendor/money/?month=2026-08', { scroll: false });
  });

  it('shows the current month instead of a month the API would refuse', async () => {
    const queries = serveMoney(vendorMoney(), (month) => moneyEntries(month, []));
    renderAt('month=2026-13');
    await screen.findByRole('heading', { name: 'Nothing in December 2026' });
    expect(queries).toEqual(['?month=2026-12&page=1&per_page=20']);
  });

  it('shows the API’s word on a month it refuses', async () => {
    server.use(
      http.get('*/api/v1/vendor/money', () => HttpResponse.json(vendorMoney())),
      http.get('*/api/v1/vendor/money/entries', () =>
        HttpResponse.json(
          {
            error: {
              code: 'bad_request',
              message: "'2099-01' is not a month: use YYYY-MM, e.g. 2026-11",
              fields: { month: "'2099-01' is not a month: use YYYY-MM, e.g. 2026-11" },
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderAt('month=2099-01');
    expect(await screen.findByRole('alert')).toHaveTextContent("'2099-01' is not a month: use YYYY-MM, e.g. 2026-11");
  });

  it('downloads the month’s CSV statement with the bearer token', async () => {
    serveMoney(vendorMoney(), (month) => moneyEntries(month, [moneyEntry()]));
    let auth: string | null = null;
    let query = '';
    server.use(
      http.get('*/api/v1/vendor/money/statement.csv', ({ request }) => {
        auth = request.headers.get('authorization');
        query = new URL(request.url).search;
        return new HttpResponse('Date,Kind,Amount\n2026-10-06,sale,435.60\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const saved: { name: string; href: string }[] = [];
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs: these keep the Blob that would be saved.
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    try {
      renderAt('month=2026-10');
      await screen.findAllByTestId('money-entry');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Download CSV statement' }));

      await waitFor(() => expect(saved).toHaveLength(1));
      expect(auth).toMatch(/^Bearer /);
      expect(query).toBe('?month=2026-10');
      expect(saved[0]!.name).toBe('statement-2026-10.csv');
      expect(await blobs.get(saved[0]!.href)!.text()).toBe('Date,Kind,Amount\n2026-10-06,sale,435.60\n');
    } finally {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('downloads the month’s PDF statement too', async () => {
    serveMoney(vendorMoney(), (month) => moneyEntries(month, [moneyEntry()]));
    let auth: string | null = null;
    let query = '';
    server.use(
      http.get('*/api/v1/vendor/money/statement.pdf', ({ request }) => {
        auth = request.headers.get('authorization');
        query = new URL(request.url).search;
        return new HttpResponse('%PDF-1.7 statement', {
          headers: { 'Content-Type': 'application/pdf' },
        });
      }),
    );
    const saved: { name: string; href: string }[] = [];
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs: these keep the Blob that would be saved.
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    try {
      renderAt('month=2026-10');
      await screen.findAllByTestId('money-entry');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Download PDF statement' }));

      await waitFor(() => expect(saved).toHaveLength(1));
      expect(auth).toMatch(/^Bearer /);
      expect(query).toBe('?month=2026-10');
      expect(saved[0]!.name).toBe('statement-2026-10.pdf');
      expect(await blobs.get(saved[0]!.href)!.text()).toBe('%PDF-1.7 statement');
    } finally {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('says so when the vendor has no store yet', async () => {
    server.use(
      http.get('*/api/v1/vendor/money', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'No store' } }, { status: 404 }),
      ),
    );
    renderAt();
    expect(await screen.findByRole('heading', { name: 'No store yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your applications' })).toHaveAttribute('href', '/vendor/applications/');
  });
});
