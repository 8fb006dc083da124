import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { ApplicationsPage } from '@/features/vendor/components/applications-page';
import { ApplyPage } from '@/features/vendor/components/apply-page';
import { ContractsPage } from '@/features/vendor/components/contracts-page';
import { DashboardPage } from '@/features/vendor/components/dashboard-page';
import type { Application } from '@/lib/selling/types';
import { profile, storeSession } from '@/test/auth';
import { publicSettings } from '@/test/fixtures';
import { vendorMoney } from '@/test/money';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { agreement, application, BANKS } from '@/test/selling';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), usePathname: vi.fn(() => '/vendor/') }));

let push: ReturnType<typeof vi.fn>;

beforeEach(() => {
  push = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ push, replace: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
});

function serveApplicant(role: string, applications: Application[]) {
  storeSession();
  server.use(
    http.get('*/api/v1/profile', () => HttpResponse.json(profile({ role }))),
    http.get('*/api/v1/vendor-applications', () => HttpResponse.json({ applications })),
    http.get('*/api/v1/vendor-agreements/current', () => HttpResponse.json(agreement())),
    http.get('*/api/v1/vendor-applications/banks', () => HttpResponse.json({ banks: BANKS })),
  );
}

describe('/vendor/apply', () => {
  it('shows a customer without applications the form and the agreement to accept', async () => {
    serveApplicant('customer', []);
    renderWithQueryClient(<ApplyPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply to sell' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Vendor application' })).toBeInTheDocument();
    expect(screen.getByText('12.5% of each sale')).toBeInTheDocument();
    expect(screen.getByText('Weekly, every Friday')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Terms of Vendor Agreement 2026' })).toHaveTextContent(
      'We pay out weekly, less commission.',
    );
  });

  it('shows a submitted application’s status instead of the form', async () => {
    serveApplicant('customer', [application()]);
    renderWithQueryClient(<ApplyPage />);
    expect(await screen.findByRole('heading', { name: 'Your application is being reviewed' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Vendor application' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your applications' })).toHaveAttribute('href', '/vendor/applications/');
  });

  it('sends a vendor to their dashboard', async () => {
    serveApplicant('vendor', []);
    renderWithQueryClient(<ApplyPage />);
    expect(await screen.findByRole('link', { name: 'Go to your vendor dashboard' })).toHaveAttribute('href', '/vendor/');
    expect(screen.queryByRole('form', { name: 'Vendor application' })).not.toBeInTheDocument();
  });

  it('prefills a rejected application with the reason, and after resubmitting goes to the list with a toast', async () => {
    const rejected = application({ status: 'rejected', decision_message: 'Store name is a trademark' });
    serveApplicant('customer', [rejected]);
    server.use(
      http.put('*/api/v1/vendor-applications/:id', () => HttpResponse.json({ ...rejected, status: 'submitted' })),
      http.get('*/api/v1/vendor-applications/slug-availability', () =>
        HttpResponse.json({ slug: 'cape-trail-kit', available: true }),
      ),
    );
    renderWithQueryClient(
      <>
        <ApplyPage />
        <Toaster />
      </>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit and resubmit your application' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Reason: Store name is a trademark');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Account number'), '123456789');
    await user.click(screen.getByLabelText('I accept the Vendor Agreement 2026 (version 2)'));
    await user.click(screen.getByRole('button', { name: 'Resubmit application' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/vendor/applications/'));
    expect(await screen.findByText('Application submitted')).toBeInTheDocument();
  });
});

describe('/vendor/applications', () => {
  it('lists each application with its status, decision and history; the latest sent back can be resubmitted', async () => {
    serveApplicant('customer', [
      application({
        id: 'a-2',
        status: 'changes_requested',
        store_name: 'Cape Trail Kit',
        decision_message: 'Add your VAT number',
        history: [
          { status: 'submitted', message: null, created_at: '2026-03-03T09:00:00Z' },
          { status: 'changes_requested', message: 'Add your VAT number', created_at: '2026-03-04T09:00:00Z' },
        ],
      }),
      application({ id: 'a-1', status: 'rejected', decision_message: 'Store name is a trademark' }),
    ]);
    renderWithQueryClient(<ApplicationsPage />);
    const cards = await screen.findAllByTestId('application');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getAllByTestId('status-badge')[0]).toHaveTextContent('Changes requested');
    expect(within(cards[0]!).getByTestId('decision-message')).toHaveTextContent('Changes requested: Add your VAT number');
    expect(within(cards[0]!).getByRole('link', { name: 'Edit and resubmit' })).toHaveAttribute('href', '/vendor/apply/');
    expect(within(cards[0]!).getByRole('list', { name: 'History of Cape Trail Kit' }).children).toHaveLength(2);
    expect(within(cards[1]!).getByTestId('decision-message')).toHaveTextContent('Reason: Store name is a trademark');
    expect(within(cards[1]!).queryByRole('link', { name: 'Edit and resubmit' })).not.toBeInTheDocument();
  });

  it('invites to apply when there is none', async () => {
    serveApplicant('customer', []);
    renderWithQueryClient(<ApplicationsPage />);
    expect(await screen.findByRole('heading', { name: 'No applications yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply to sell' })).toHaveAttribute('href', '/vendor/apply/');
  });
});

describe('/vendor and /vendor/contracts', () => {
  it('shows the store, its to-do list as links and its figures in rand', async () => {
    storeSession();
    server.use(
      http.get('*/api/v1/vendor/overview', () =>
        HttpResponse.json({
          store: {
            id: 'v-1',
            store_slug: 'cape-trail-co',
            store_name: 'Cape Trail Co',
            store_description: 'Trail gear',
            store_logo_url: null,
            suspended_reason: null,
            status: 'approved',
            commission_rate_bps: 1250,
            agreement: { current_version: 2, accepted_version: null, needs_acceptance: true },
            bank: null,
            created_at: '2026-03-05T09:00:00Z',
          },
          todo: [
            { kind: 'accept_agreement', title: 'Accept the vendor agreement', href: '/vendor/contracts' },
            { kind: 'draft_products', title: '1 product is a draft', href: '/vendor/products' },
            { kind: 'low_stock', title: '2 items are low on stock', href: '/vendor/inventory?low=true' },
          ],
          figures: { products_total: 3, products_active: 2, products_draft: 1, orders: 4, revenue_cents: 1234550 },
        }),
      ),
      http.get('*/api/v1/vendor/money', () => HttpResponse.json(vendorMoney({ pending_cents: 48000, available_cents: 125050 }))),
    );
    renderWithQueryClient(<DashboardPage />);
    expect(await screen.findByRole('link', { name: 'Accept the vendor agreement' })).toHaveAttribute(
      'href',
      '/vendor/contracts/',
    );
    // The drafts to-do opens the product list on its drafts.
    expect(screen.getByRole('link', { name: '1 product is a draft' })).toHaveAttribute('href', '/vendor/products/?status=draft');
    // The low-stock to-do opens the inventory on its low levels.
    expect(screen.getByRole('link', { name: '2 items are low on stock' })).toHaveAttribute('href', '/vendor/inventory/?low=true');
    expect(screen.getByText('R12,345.50')).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Approved');
    // The balance at a glance, with the way to the money page.
    const money = await screen.findByTestId('money-card');
    expect(within(money).getByText('Pending').nextElementSibling).toHaveTextContent('R480.00');
    expect(within(money).getByText('Available').nextElementSibling).toHaveTextContent('R1,250.50');
    expect(screen.getByRole('link', { name: 'See your money' })).toHaveAttribute('href', '/vendor/money/');
    // No logo yet: customising the store is on the list too.
    expect(screen.getByRole('link', { name: 'Customise your store: add a logo, a banner and your colour' })).toHaveAttribute(
      'href',
      '/vendor/store/customize/',
    );
  });

  it('leaves customising off the list once the store has a logo', async () => {
    storeSession();
    server.use(
      http.get('*/api/v1/vendor/overview', () =>
        HttpResponse.json({
          store: {
            id: 'v-1',
            store_slug: 'cape-trail-co',
            store_name: 'Cape Trail Co',
            store_description: 'Trail gear',
            store_logo_url: '/media/v/cape-trail-co/logo.jpg',
            suspended_reason: null,
            status: 'approved',
            commission_rate_bps: 1250,
            agreement: { current_version: 2, accepted_version: 2, needs_acceptance: false },
            bank: null,
            created_at: '2026-03-05T09:00:00Z',
          },
          todo: [],
          figures: { products_total: 0, products_active: 0, products_draft: 0, orders: 0, revenue_cents: 0 },
        }),
      ),
      http.get('*/api/v1/vendor/money', () => HttpResponse.json(vendorMoney())),
    );
    renderWithQueryClient(<DashboardPage />);
    expect(await screen.findByTestId('todo-done')).toHaveTextContent('Nothing to do right now.');
    expect(screen.queryByText(/Customise your store/)).not.toBeInTheDocument();
  });

  it('accepts the current agreement and shows the acceptance', async () => {
    storeSession();
    let accepted = false;
    server.use(
      http.get('*/api/v1/vendor/agreements', () =>
        HttpResponse.json({
          current: agreement(),
          accepted_version: accepted ? 2 : 1,
          acceptances: accepted
            ? [{ version: 2, title: 'Vendor Agreement 2026', accepted_at: '2026-03-06T09:00:00Z', accepted_from: '203.0.113.9' }]
            : [],
        }),
      ),
      http.post('*/api/v1/vendor/agreements/:version/accept', ({ params }) => {
        expect(params.version).toBe('2');
        accepted = true;
        return HttpResponse.json({ version: 2, title: 'Vendor Agreement 2026', accepted_at: '2026-03-06T09:00:00Z', accepted_from: '203.0.113.9' });
      }),
    );
    renderWithQueryClient(<ContractsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept version 2' }));
    expect(await screen.findByTestId('agreement-accepted')).toHaveTextContent('You accepted version 2.');
    expect(screen.getByText('203.0.113.9')).toBeInTheDocument();
  });
});
