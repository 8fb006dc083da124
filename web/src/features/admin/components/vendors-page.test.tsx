import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminVendorsPage, commissionText } from '@/features/admin/components/vendors-page';
import { PERCENT_INVALID, REASON_REQUIRED } from '@/features/admin/components/vendor-actions';
import type { AdminVendor } from '@/lib/selling/types';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { adminVendor } from '@/test/selling';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
});

/** One vendor kept in memory, as the server keeps it; records each call. */
function serveVendors(initial: AdminVendor) {
  let vendor = initial;
  const calls: { path: string; query?: string; body?: unknown }[] = [];
  server.use(
    http.get('*/api/v1/admin/vendors', ({ request }) => {
      calls.push({ path: 'list', query: new URL(request.url).search });
      return HttpResponse.json({ vendors: [vendor], total: 1 });
    }),
    http.post('*/api/v1/admin/vendors/:id/suspend', async ({ request }) => {
      const body = await request.json();
      calls.push({ path: 'suspend', body });
      vendor = { ...vendor, status: 'suspended' };
      return HttpResponse.json(vendor);
    }),
    http.post('*/api/v1/admin/vendors/:id/reinstate', () => {
      calls.push({ path: 'reinstate' });
      vendor = { ...vendor, status: 'approved' };
      return HttpResponse.json(vendor);
    }),
    http.put('*/api/v1/admin/vendors/:id/commission', async ({ request }) => {
      const body = (await request.json()) as { commission_rate_bps: number | null };
      calls.push({ path: 'commission', body });
      vendor = {
        ...vendor,
        commission_rate_bps: body.commission_rate_bps,
        effective_commission_bps: body.commission_rate_bps ?? 1250,
      };
      return HttpResponse.json(vendor);
    }),
  );
  return calls;
}

function renderPage(search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(<AdminVendorsPage />);
}

describe('/admin/vendors', () => {
  it('lists vendors with the filters and search from the URL', async () => {
    const calls = serveVendors(adminVendor());
    renderPage('status=approved&q=karoo');
    const card = await screen.findByTestId('vendor-card');
    expect(within(card).getByRole('heading', { name: 'Karoo Outdoor Co.' })).toBeInTheDocument();
    expect(within(card).getByText('karoo@example.com')).toBeInTheDocument();
    expect(within(card).getByTestId('vendor-commission')).toHaveTextContent('agreement rate (12.5%)');
    expect(calls[0]?.query).toBe('?status=approved&q=karoo&page=1&per_page=20');
    expect(screen.getByRole('link', { name: 'Approved' })).toHaveAttribute('aria-current', 'page');

    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search vendors' });
    await user.clear(search);
    await user.type(search, 'cape{Enter}');
    expect(replace).toHaveBeenCalledWith('/admin/vendors/?status=approved&q=cape', { scroll: false });
  });

  it('suspends only with a reason, confirmed in a dialog, then reinstates', async () => {
    const calls = serveVendors(adminVendor());
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend Karoo Outdoor Co.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Karoo Outdoor Co.?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend store' }));
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'suspend')).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason'), 'Counterfeit goods reported');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend store' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === 'suspend')?.body).toEqual({ reason: 'Counterfeit goods reported' });
    await waitFor(() => expect(screen.getByTestId('status-badge')).toHaveTextContent('Suspended'));

    await user.click(await screen.findByRole('button', { name: 'Reinstate Karoo Outdoor Co.' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'reinstate')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Suspend Karoo Outdoor Co.' })).toBeInTheDocument();
  });

  it('sets the commission override from a percentage, and clears it', async () => {
    const calls = serveVendors(adminVendor());
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set commission for Karoo Outdoor Co.' }));
    const input = screen.getByLabelText('Commission (%)');
    await user.type(input, '75');
    await user.click(screen.getByRole('button', { name: 'Save commission' }));
    expect(screen.getByText(PERCENT_INVALID)).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '8.5');
    await user.click(screen.getByRole('button', { name: 'Save commission' }));
    await waitFor(() => expect(screen.getByTestId('vendor-commission')).toHaveTextContent('8.5%'));
    expect(calls.find((call) => call.path === 'commission')?.body).toEqual({ commission_rate_bps: 850 });

    await user.click(screen.getByRole('button', { name: 'Use the agreement rate for Karoo Outdoor Co.' }));
    await waitFor(() => expect(screen.getByTestId('vendor-commission')).toHaveTextContent('agreement rate (12.5%)'));
  });

  it('reads an override as its rate and none as the agreement’s', () => {
    expect(commissionText({ commission_rate_bps: 700, effective_commission_bps: 700 })).toBe('7%');
    expect(commissionText({ commission_rate_bps: null, effective_commission_bps: 1000 })).toBe('agreement rate (10%)');
  });
});
