import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_SESSION_KEY,
  getAnalyticsSessionId,
  track,
  trackPageView,
} from '@/lib/analytics/analytics';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';

interface Recorded {
  body: Record<string, unknown>;
  authorization: string | null;
}

function serveEvents(status = 202) {
  const recorded: Recorded[] = [];
  server.use(
    http.post('*/api/v1/analytics/events', async ({ request }) => {
      recorded.push({
        body: (await request.json()) as Record<string, unknown>,
        authorization: request.headers.get('Authorization'),
      });
      return status === 202
        ? HttpResponse.json({ accepted: true }, { status })
        : HttpResponse.json({ error: { code: 'unavailable', message: 'Analytics is busy' } }, { status });
    }),
  );
  return recorded;
}

describe('analytics session id', () => {
  it('is created once and kept in session storage for the rest of the session', () => {
    const id = getAnalyticsSessionId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(window.sessionStorage.getItem(ANALYTICS_SESSION_KEY)).toBe(id);
    expect(getAnalyticsSessionId()).toBe(id);
  });

  it('reuses an id already in session storage (another page of the same session)', () => {
    window.sessionStorage.setItem(ANALYTICS_SESSION_KEY, 'earlier-session');
    expect(getAnalyticsSessionId()).toBe('earlier-session');
  });

  it('keeps one id in memory when session storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const id = getAnalyticsSessionId();
    expect(getAnalyticsSessionId()).toBe(id);
  });
});

describe('track', () => {
  it('posts the event with the session id and the page, without Authorization for a guest', async () => {
    const recorded = serveEvents();
    await track('view_item', { product_id: 'p-1' });
    await track('add_to_cart', { product_id: 'p-1' });
    expect(recorded).toHaveLength(2);
    expect(recorded[0]!.authorization).toBeNull();
    expect(recorded[0]!.body).toEqual({
      event_type: 'view_item',
      session_id: getAnalyticsSessionId(),
      event_data: { product_id: 'p-1' },
      page_url: window.location.href,
    });
    expect(recorded[1]!.body.session_id).toBe(recorded[0]!.body.session_id);
  });

  it('sends the bearer token when signed in, so the server adds the user', async () => {
    const session = storeSession();
    const recorded = serveEvents();
    await trackPageView('http://localhost:3000/products/', 'http://localhost:3000/');
    expect(recorded[0]!.authorization).toBe(`Bearer ${session.access_token}`);
    expect(recorded[0]!.body).toMatchObject({
      event_type: 'page_view',
      page_url: 'http://localhost:3000/products/',
      referrer: 'http://localhost:3000/',
    });
  });

  it('only logs a failure (console.debug), never throws', async () => {
    serveEvents(503);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');
    await expect(track('page_view')).resolves.toBeUndefined();
    expect(debug).toHaveBeenCalledWith('Analytics event not recorded', 'page_view', expect.anything());
    expect(error).not.toHaveBeenCalled();
  });
});
