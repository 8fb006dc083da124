import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emailTemplateHref } from '@/features/admin/api/email-templates';
import { AdminEmailTemplatesPage, emailGroup, templateState } from '@/features/admin/components/email-templates-page';
import { storeSession } from '@/test/auth';
import { emailSummaries } from '@/test/email-templates';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

function renderPage() {
  storeSession();
  return renderWithQueryClient(<AdminEmailTemplatesPage />);
}

/** The titles listed in a group's panel, by its heading. */
function titlesIn(group: string): string[] {
  const list = screen.getByRole('list', { name: `${group} emails` });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

describe('/admin/email-templates', () => {
  it('lists every email under orders, accounts and store applications, each with when it goes and its wording', async () => {
    server.use(
      http.get('*/api/v1/admin/email-templates', () =>
        HttpResponse.json(emailSummaries({ order_shipped: '2026-11-20T09:30:00Z', magic_link: '2026-10-12T12:00:00Z' })),
      ),
    );
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Email templates' })).toBeInTheDocument();
    expect(screen.getByText('The wording of every email the store sends.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Orders',
      'Accounts',
      'Messages',
      'Store applications',
    ]);
    expect(titlesIn('Orders')).toEqual([
      'Order confirmed',
      'Order processing',
      'Order shipped',
      'Order delivered',
      'Order cancelled',
    ]);
    expect(titlesIn('Accounts')).toEqual([
      'Confirm sign-up',
      'Password recovery',
      'Sign-in link',
      'Confirm a new email address',
    ]);
    expect(titlesIn('Messages')).toEqual(['Unread chat message']);
    expect(titlesIn('Store applications')).toEqual([
      'Store application approved',
      'Store application needs changes',
      'Store application rejected',
    ]);

    const rows = screen.getAllByTestId('email-template-row');
    expect(rows).toHaveLength(13);
    const confirmed = rows.find((row) => within(row).queryByRole('heading', { name: 'Order confirmed' }))!;
    expect(confirmed).toHaveTextContent("To the customer when an order's payment is confirmed");
    expect(within(confirmed).getByTestId('status-badge')).toHaveTextContent('Default');
    expect(within(confirmed).getByRole('link', { name: 'Edit Order confirmed' })).toHaveAttribute(
      'href',
      '/admin/email-templates/edit/?key=order_confirmed',
    );

    const shipped = rows.find((row) => within(row).queryByRole('heading', { name: 'Order shipped' }))!;
    expect(within(shipped).getByTestId('status-badge')).toHaveTextContent('Edited 20 Nov 2026');
    const magic = rows.find((row) => within(row).queryByRole('heading', { name: 'Sign-in link' }))!;
    expect(within(magic).getByTestId('status-badge')).toHaveTextContent('Edited 12 Oct 2026');
    expect(within(magic).getByRole('link', { name: 'Edit Sign-in link' })).toHaveAttribute(
      'href',
      '/admin/email-templates/edit/?key=magic_link',
    );
  });

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/admin/email-templates', () =>
        fail
          ? HttpResponse.json({ error: { code: 'forbidden', message: 'Admins only' } }, { status: 403 })
          : HttpResponse.json(emailSummaries()),
      ),
    );
    renderPage();
    expect(screen.getByTestId('area-skeleton')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Admins only');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('email-template-row')).toHaveLength(13);
  });

  it('groups emails by key, and says whose wording each has', () => {
    expect(emailGroup('order_confirmed')).toBe('Orders');
    expect(emailGroup('vendor_application_rejected')).toBe('Store applications');
    expect(emailGroup('password_recovery')).toBe('Accounts');
    expect(emailGroup('email_change')).toBe('Accounts');
    expect(templateState(null)).toBe('Default');
    expect(templateState('2026-11-20T09:30:00Z')).toBe('Edited 20 Nov 2026');
    expect(emailTemplateHref('order_confirmed')).toBe('/admin/email-templates/edit/?key=order_confirmed');
  });
});
