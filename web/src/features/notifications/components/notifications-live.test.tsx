import { QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationsLive } from '@/features/notifications/components/notifications-live';
import { writeSession } from '@/lib/auth/session-store';
import { LiveEvents } from '@/lib/live/live-events';
import { makeJwt, nowSeconds, storeSession } from '@/test/auth';
import { installMockEventSource, MockEventSource } from '@/test/event-source';
import { notification, notificationList } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

function renderLive() {
  return renderWithQueryClient(
    <>
      <LiveEvents />
      <NotificationsLive />
      <NotificationBell variant="header" />
      <Toaster />
    </>,
  );
}

async function openedSource(count = 1): Promise<MockEventSource> {
  await waitFor(() => expect(MockEventSource.instances).toHaveLength(count));
  const source = MockEventSource.latest();
  act(() => source.open());
  return source;
}

beforeEach(() => {
  installMockEventSource();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('live notifications', () => {
  it('opens no stream for a guest', async () => {
    renderLive();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(MockEventSource.instances).toEqual([]);
  });

  it('adds a notification event to the list and shows a toast with its title', async () => {
    const session = storeSession();
    // What the server has stored: it sends an event only once the notification is stored.
    const stored: ReturnType<typeof notification>[] = [];
    server.use(http.get('*/api/v1/notifications', () => HttpResponse.json(notificationList([...stored]))));
    renderLive();
    await screen.findByRole('button', { name: 'Notifications' });

    const source = await openedSource();
    expect(source.searchParams.get('access_token')).toBe(session.access_token);

    const incoming = notification({ id: 'live-1', title: 'Order shipped', message: 'BZ-1001 is on its way.' });
    stored.push(incoming);
    act(() => source.emit('notification', { ...incoming, user_id: session.user.id }, '31'));

    expect(await screen.findByText('Order shipped')).toBeInTheDocument();
    expect(screen.getByText('BZ-1001 is on its way.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    // The same event again (a replay) changes nothing.
    act(() => source.emit('notification', incoming, '31'));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('refetches the cached orders when a notification arrives, so an open orders tab shows the move', async () => {
    const session = storeSession();
    server.use(http.get('*/api/v1/notifications', () => HttpResponse.json(notificationList([]))));
    const { queryClient } = renderLive();
    await screen.findByRole('button', { name: 'Notifications' });
    const ordersFetch = vi.fn(async () => ({ orders: [] }));
    // An orders list on screen: an observed query, which invalidation refetches.
    const observer = new QueryObserver(queryClient, {
      queryKey: ['orders', session.user.id, 'list', 1],
      queryFn: ordersFetch,
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});
    await waitFor(() => expect(ordersFetch).toHaveBeenCalledTimes(1));

    const source = await openedSource();
    // The first stream opened: the orders are read again once (what it missed) ...
    await waitFor(() => expect(ordersFetch).toHaveBeenCalledTimes(2));
    // ... and again for each notification.
    act(() => source.emit('notification', notification({ id: 'live-order', type: 'processing' }), '40'));
    await waitFor(() => expect(ordersFetch).toHaveBeenCalledTimes(3));
    unsubscribe();
  });

  it('reconnects with the new token after a refresh, resuming after the last event', async () => {
    const session = storeSession();
    server.use(http.get('*/api/v1/notifications', () => HttpResponse.json(notificationList([]))));
    renderLive();
    const first = await openedSource();
    act(() => first.emit('notification', notification({ id: 'live-2' }), '57'));

    const refreshed = makeJwt({ exp: nowSeconds() + 3600, label: 'refreshed' });
    act(() => writeSession({ ...session, access_token: refreshed, refresh_token: 'refresh-2' }));

    const second = await openedSource(2);
    expect(first.readyState).toBe(MockEventSource.CLOSED);
    expect(second.searchParams.get('access_token')).toBe(refreshed);
    expect(second.searchParams.get('last_event_id')).toBe('57');
  });

  it('closes the stream at sign-out', async () => {
    storeSession();
    server.use(http.get('*/api/v1/notifications', () => HttpResponse.json(notificationList([]))));
    renderLive();
    const source = await openedSource();

    act(() => writeSession(null));

    await waitFor(() => expect(source.readyState).toBe(MockEventSource.CLOSED));
    expect(MockEventSource.instances).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });

  it('reads the list again whenever a stream opens without replaying what came before: the first one and restarts', async () => {
    storeSession();
    let reads = 0;
    server.use(
      http.get('*/api/v1/notifications', () => {
        reads += 1;
        return HttpResponse.json(notificationList(reads > 1 ? [notification({ id: 'missed', title: 'Order delivered' })] : []));
      }),
    );
    renderLive();
    await waitFor(() => expect(reads).toBe(1));
    // The first stream: a notification written after the list was read but before the stream
    // connected was sent to no one.
    const source = await openedSource();
    await waitFor(() => expect(reads).toBe(2));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    // Refused (no event seen yet, so nothing to resume from): a new stream after a second.
    act(() => source.fail({ final: true }));
    await waitFor(() => expect(MockEventSource.instances).toHaveLength(2), { timeout: 3000 });
    await openedSource(2);
    await waitFor(() => expect(reads).toBe(3));
  });

  it('keeps a notification that arrives while the list is being read: the list is read again', async () => {
    storeSession();
    let reads = 0;
    let answerFirstRead: () => void = () => {};
    const firstReadAnswered = new Promise<void>((resolve) => (answerFirstRead = resolve));
    const incoming = notification({ id: 'live-during-read', title: 'Order confirmed' });
    server.use(
      http.get('*/api/v1/notifications', async () => {
        reads += 1;
        // The first read started before the notification was written, and answers after it
        // arrived live; the later reads include it.
        if (reads === 1) {
          await firstReadAnswered;
          return HttpResponse.json(notificationList([]));
        }
        return HttpResponse.json(notificationList([incoming]));
      }),
    );
    renderLive();
    await waitFor(() => expect(reads).toBe(1));
    const source = await openedSource();
    act(() => source.emit('notification', incoming, '12'));
    answerFirstRead();

    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(reads).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});
