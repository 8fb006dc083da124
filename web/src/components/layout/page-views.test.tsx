import { http, HttpResponse } from 'msw';
import { render, waitFor } from '@testing-library/react';
import { usePathname, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { describe, expect, it, vi } from 'vitest';
import { PageViews } from '@/components/layout/page-views';
import { server } from '@/test/msw-server';

vi.mock('next/navigation', () => ({ usePathname: vi.fn(), useSearchParams: vi.fn() }));

/** Puts the browser at `path` (as Next's router does) and tells the hooks. */
function goTo(path: string) {
  window.history.pushState({}, '', path);
  const url = new URL(path, window.location.origin);
  vi.mocked(usePathname).mockReturnValue(url.pathname);
  vi.mocked(useSearchParams).mockReturnValue(url.searchParams as unknown as ReadonlyURLSearchParams);
}

describe('PageViews', () => {
  it('records a page_view for the first page and each route change, with the previous page as referrer', async () => {
    const views: Record<string, unknown>[] = [];
    server.use(
      http.post('*/api/v1/analytics/events', async ({ request }) => {
        views.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ accepted: true }, { status: 202 });
      }),
    );
    const origin = window.location.origin;

    goTo('/');
    const { rerender } = render(<PageViews />);
    await waitFor(() => expect(views).toHaveLength(1));

    rerender(<PageViews />);
    goTo('/search/?q=gloves');
    rerender(<PageViews />);
    await waitFor(() => expect(views).toHaveLength(2));

    goTo('/products/pwr-grip-training-gloves/');
    rerender(<PageViews />);
    await waitFor(() => expect(views).toHaveLength(3));

    expect(views.map((view) => [view.event_type, view.page_url, view.referrer])).toEqual([
      ['page_view', `${origin}/`, undefined],
      ['page_view', `${origin}/search/?q=gloves`, `${origin}/`],
      ['page_view', `${origin}/products/pwr-grip-training-gloves/`, `${origin}/search/?q=gloves`],
    ]);
    const sessions = new Set(views.map((view) => view.session_id));
    expect(sessions.size).toBe(1);
    window.history.pushState({}, '', '/');
  });
});
