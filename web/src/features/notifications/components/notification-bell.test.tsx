import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '@/features/notifications/api/notifications';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { relativeTime } from '@/features/notifications/components/notifications-panel';
import { storeSession } from '@/test/auth';
import { notification, notificationList } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const MINUTE = 60 * 1000;

/** Serves the list and the read calls from one in-memory list, as the server keeps it. */
function serveNotifications(initial: Notification[], options: { unread?: number; failReads?: boolean } = {}) {
  let list = [...initial];
  const calls: string[] = [];
  server.use(
    http.get('*/api/v1/notifications', () => {
      calls.push('GET');
      return HttpResponse.json(notificationList(list, options.unread));
    }),
    http.post('*/api/v1/notifications/read-all', () => {
      calls.push('POST read-all');
      const updated = list.filter((n) => !n.read).length;
      list = list.map((n) => ({ ...n, read: true }));
      return HttpResponse.json({ updated });
    }),
    http.post('*/api/v1/notifications/:id/read', ({ params }) => {
      calls.push(`POST ${String(params.id)}/read`);
      if (options.failReads) {
        return HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
      }
      list = list.map((n) => (n.id === params.id ? { ...n, read: true } : n));
      return HttpResponse.json({ notification: list.find((n) => n.id === params.id) });
    }),
  );
  return calls;
}

const shipped = notification({ id: 'n-1', title: 'Order shipped', created_at: new Date(Date.now() - 5 * MINUTE).toISOString() });
/** Older than `shipped`: the server lists newest first. */
const confirmed = notification({
  id: 'n-3',
  type: 'order_confirmed',
  title: 'Order confirmed',
  created_at: new Date(Date.now() - 60 * MINUTE).toISOString(),
});
const delivered = notification({
  id: 'n-2',
  type: 'delivered',
  title: 'Order delivered',
  message: 'Your order BZ-1000 was delivered.',
  read: true,
  created_at: new Date(Date.now() - 2 * 24 * 60 * MINUTE).toISOString(),
});

async function openPanel(name: RegExp | string = /^Notifications/) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  return { user, panel: await screen.findByTestId('notifications-panel') };
}

describe('NotificationBell', () => {
  it('renders nothing and asks for nothing when signed out', async () => {
    const calls = serveNotifications([shipped]);
    const { container } = renderWithQueryClient(<NotificationBell variant="header" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
    expect(calls).toEqual([]);
  });

  it('highlights unread notifications with a dot and shows relative times', async () => {
    storeSession();
    serveNotifications([shipped, delivered]);
    renderWithQueryClient(<NotificationBell variant="header" />);

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByTestId('count-badge')).toHaveTextContent('1');
    const { panel } = await openPanel();

    const items = await within(panel).findAllByTestId('notification');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[0]).toHaveClass('bg-brand-50');
    expect(within(items[0]!).getByTestId('unread-dot')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Order shipped');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[1]).toHaveAttribute('data-unread', 'false');
    expect(items[1]).not.toHaveClass('bg-brand-50');
    expect(within(items[1]!).queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('2 days ago');
  });

  it('marks one notification read when it is clicked', async () => {
    storeSession();
    const calls = serveNotifications([shipped, confirmed]);
    renderWithQueryClient(<NotificationBell variant="header" />);

    const { user, panel } = await openPanel('Notifications, 2 unread');
    await user.click(within(panel).getByRole('button', { name: /Order shipped/ }));

    await waitFor(() => expect(calls).toContain('POST n-1/read'));
    await waitFor(() => expect(within(panel).getAllByTestId('notification')[0]).toHaveAttribute('data-unread', 'false'));
    expect(within(panel).getAllByTestId('notification')[1]).toHaveAttribute('data-unread', 'true');
    // The focus stays on the item, not lost with the button it replaced.
    expect(document.activeElement).toBe(within(panel).getAllByRole('listitem')[0]);
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('puts a notification back to unread when marking it fails', async () => {
    storeSession();
    const calls = serveNotifications([shipped], { failReads: true });
    renderWithQueryClient(<NotificationBell variant="header" />);
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);

    const { user, panel } = await openPanel('Notifications, 1 unread');
    await user.click(within(panel).getByRole('button', { name: /Order shipped/ }));

    await waitFor(() => expect(calls).toContain('POST n-1/read'));
    await waitFor(() => expect(within(panel).getByTestId('notification')).toHaveAttribute('data-unread', 'true'));
  });

  it('"Mark all as read" marks every notification read and then hides itself', async () => {
    storeSession();
    const calls = serveNotifications([shipped, confirmed, delivered]);
    renderWithQueryClient(<NotificationBell variant="header" />);

    const { user, panel } = await openPanel('Notifications, 2 unread');
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(calls).toContain('POST read-all'));
    for (const item of within(panel).getAllByTestId('notification')) {
      expect(item).toHaveAttribute('data-unread', 'false');
    }
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('count-badge')).not.toBeInTheDocument();
  });

  it('follows a notification’s link, marking it read and closing the panel', async () => {
    storeSession();
    const rejected = notification({
      id: 'n-9',
      type: 'application_rejected',
      order_id: null,
      link: '/vendor/applications',
      title: 'Application not approved',
      message: 'Reason: Store name is a trademark',
    });
    const calls = serveNotifications([rejected, { ...delivered, link: '/vendor' }]);
    renderWithQueryClient(<NotificationBell variant="header" />);

    const { user, panel } = await openPanel('Notifications, 1 unread');
    const link = within(panel).getByRole('link', { name: /Application not approved/ });
    expect(link).toHaveAttribute('href', '/vendor/applications/');
    expect(within(panel).getByRole('link', { name: /Order delivered/ })).toHaveAttribute('href', '/vendor/');
    expect(within(panel).queryByRole('button', { name: /Application not approved/ })).not.toBeInTheDocument();

    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await waitFor(() => expect(calls).toContain('POST n-9/read'));
    await waitFor(() => expect(screen.queryByTestId('notifications-panel')).not.toBeInTheDocument());
  });

  it('says "No notifications yet" and links to all orders', async () => {
    storeSession();
    serveNotifications([]);
    renderWithQueryClient(<NotificationBell variant="header" />);

    const { panel } = await openPanel('Notifications');
    expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View All Orders' })).toHaveAttribute('href', '/profile/?tab=orders');
  });

  it.each([
    ['header', 42, '42'],
    ['header', 99, '99'],
    ['header', 100, '99+'],
    ['header', 150, '99+'],
    ['bar', 9, '9'],
    ['bar', 10, '9+'],
    ['bar', 42, '9+'],
  ] as const)('the %s bell shows %i unread as "%s"', async (variant, unread, label) => {
    storeSession();
    serveNotifications([shipped], { unread });
    renderWithQueryClient(<NotificationBell variant={variant} />);
    const bell = await screen.findByRole('button', { name: `Notifications, ${unread} unread` });
    expect(within(bell).getByTestId('count-badge')).toHaveTextContent(new RegExp(`^${label.replace('+', '\\+')}$`));
  });
});

describe('relativeTime', () => {
  it('reads as time ago, and a time slightly in the future as now', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(relativeTime('2026-11-20T11:00:00Z', now)).toBe('about 1 hour ago');
    expect(relativeTime('2026-11-17T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-11-20T12:00:05Z', now)).toBe('less than a minute ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
