import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePathname } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isMaintenanceExempt, MaintenanceGate } from '@/components/layout/maintenance-gate';
import { MAINTENANCE_BANNER, MAINTENANCE_HEADING } from '@/components/layout/maintenance-notice';
import { apiGet } from '@/lib/api-client';
import { publicSettingsQueryOptions } from '@/lib/public-settings';
import { profile, storeSession } from '@/test/auth';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ usePathname: vi.fn() }));

const mockedPathname = vi.mocked(usePathname);

const MESSAGE = 'Back at 10:00 after a stock take.';
const ON = { maintenance: { enabled: true, message: MESSAGE } };

beforeEach(() => {
  mockedPathname.mockReturnValue('/');
});

function serveSettings(overrides: Parameters<typeof publicSettings>[0] = {}) {
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings(overrides))));
}

const MAINTENANCE_503 = () =>
  HttpResponse.json({ error: { code: 'maintenance', message: MESSAGE } }, { status: 503 });

function renderGate() {
  return renderWithQueryClient(
    <MaintenanceGate>
      <p>The shop</p>
    </MaintenanceGate>,
  );
}

describe('MaintenanceGate', () => {
  it('shows the site when maintenance mode is off, or the settings do not mention it', async () => {
    serveSettings();
    const { queryClient } = renderGate();
    await waitFor(() => expect(queryClient.getQueryState(publicSettingsQueryOptions().queryKey)?.status).toBe('success'));
    expect(screen.getByText('The shop')).toBeInTheDocument();
    expect(screen.queryByTestId('maintenance-notice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('maintenance-banner')).not.toBeInTheDocument();
  });

  it('shows the notice, with the message and the store’s name, instead of the site to visitors', async () => {
    serveSettings({ ...ON, site: { logo_url: null, logo_text: 'Kasi Market' } });
    renderGate();
    const notice = await screen.findByTestId('maintenance-notice');
    expect(MAINTENANCE_HEADING).toBe('We’ll be back soon');
    expect(within(notice).getByRole('heading', { level: 1, name: MAINTENANCE_HEADING })).toBeInTheDocument();
    expect(notice).toHaveTextContent(MESSAGE);
    expect(notice).toHaveTextContent('Kasi Market');
    expect(within(notice).getByRole('link', { name: 'Staff sign-in' })).toHaveAttribute('href', '/login/');
    expect(screen.queryByText('The shop')).not.toBeInTheDocument();
  });

  it('names the store from its details when the settings carry them', async () => {
    server.use(
      http.get('*/api/v1/settings/public', () => {
        const body = publicSettings(ON);
        return HttpResponse.json({ settings: { ...body.settings, store: { name: 'Bazaar SA' } } });
      }),
    );
    renderGate();
    expect(await screen.findByTestId('maintenance-notice')).toHaveTextContent('Bazaar SA');
  });

  it('shows the notice to a signed-in customer (whose profile the API refuses meanwhile)', async () => {
    serveSettings(ON);
    storeSession();
    server.use(http.get('*/api/v1/profile', MAINTENANCE_503));
    renderGate();
    const notice = await screen.findByTestId('maintenance-notice');
    expect(notice).toHaveTextContent(MESSAGE);
    expect(within(notice).queryByRole('link', { name: 'Staff sign-in' })).not.toBeInTheDocument();
    expect(screen.queryByText('The shop')).not.toBeInTheDocument();
  });

  it('shows a signed-in admin the site, under a banner linking to the advanced settings', async () => {
    serveSettings(ON);
    storeSession();
    server.use(http.get('*/api/v1/profile', () => HttpResponse.json(profile({ role: 'admin' }))));
    renderGate();
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner).toHaveTextContent(MAINTENANCE_BANNER);
    expect(within(banner).getByRole('link')).toHaveAttribute('href', '/admin/advanced-settings/');
    expect(screen.getByText('The shop')).toBeInTheDocument();
    expect(screen.queryByTestId('maintenance-notice')).not.toBeInTheDocument();
  });

  it('leaves the admin area and signing in alone, but closes the vendor area', async () => {
    expect(['/admin/', '/admin/orders/', '/login/', '/auth/', '/auth/callback/'].every(isMaintenanceExempt)).toBe(true);
    expect(['/', '/products/kasi-tee/', '/signup/', '/vendor/', '/administrators/'].some(isMaintenanceExempt)).toBe(
      false,
    );

    serveSettings(ON);
    mockedPathname.mockReturnValue('/login/');
    const { queryClient } = renderGate();
    await waitFor(() => expect(queryClient.getQueryState(publicSettingsQueryOptions().queryKey)?.status).toBe('success'));
    expect(screen.getByText('The shop')).toBeInTheDocument();
    expect(screen.queryByTestId('maintenance-notice')).not.toBeInTheDocument();
  });

  it('reads the settings again when a call answers 503 maintenance, so cached settings do not hide it', async () => {
    let maintenance = false;
    server.use(
      http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings(maintenance ? ON : {}))),
      http.get('*/api/v1/cart', MAINTENANCE_503),
    );
    const { queryClient } = renderWithQueryClient(
      <MaintenanceGate>
        <button type="button" onClick={() => void apiGet('/api/v1/cart').catch(() => undefined)}>
          Load the cart
        </button>
      </MaintenanceGate>,
    );
    await waitFor(() => expect(queryClient.getQueryState(publicSettingsQueryOptions().queryKey)?.status).toBe('success'));
    expect(screen.queryByTestId('maintenance-notice')).not.toBeInTheDocument();

    // Maintenance begins; the settings stay cached (fresh for five minutes) until a call says so.
    maintenance = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load the cart' }));
    expect(await screen.findByTestId('maintenance-notice')).toHaveTextContent(MESSAGE);
  });
});
