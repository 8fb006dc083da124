import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePathname } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HelpArticlePage } from '@/features/help/components/help-article-page';
import { HELP_VOTES_KEY } from '@/features/help/lib/help-votes';
import { publicSettings } from '@/test/fixtures';
import { HELP_ARTICLE_ID, helpArticleDetail } from '@/test/help';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ usePathname: vi.fn() }));

beforeEach(() => {
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
});

function renderAt(path: string) {
  vi.mocked(usePathname).mockReturnValue(path);
  return renderWithQueryClient(<HelpArticlePage />);
}

function serveArticle(detail = helpArticleDetail()) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v1/help/articles/:slug', ({ params }) => {
      asked.push(String(params.slug));
      return HttpResponse.json(detail);
    }),
  );
  return asked;
}

/** Answers votes with `counts`, recording each body sent. */
function serveVotes(counts = { helpful_yes: 13, helpful_no: 2 }) {
  const sent: unknown[] = [];
  server.use(
    http.post('*/api/v1/help/articles/:slug/feedback', async ({ request, params }) => {
      sent.push({ slug: params.slug, body: await request.json() });
      return HttpResponse.json(counts);
    }),
  );
  return sent;
}

describe('/help/article/{slug}/', () => {
  it('shows the article of the slug in the address: breadcrumb, title, its HTML, when it changed and related articles', async () => {
    const asked = serveArticle();
    renderAt('/help/article/tracking-your-order/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tracking your order' })).toBeInTheDocument();
    expect(asked).toEqual(['tracking-your-order']);
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Help centre' })).toHaveAttribute('href', '/help/');
    expect(crumbs.getByRole('link', { name: 'Orders & delivery' })).toHaveAttribute('href', '/help/#orders-delivery');

    const body = screen.getByTestId('help-article-body');
    expect(within(body).getByRole('heading', { level: 2, name: 'Where to look' })).toBeInTheDocument();
    expect(within(body).getByText('Profile › Orders').tagName).toBe('STRONG');
    expect(within(body).getByRole('link', { name: 'the courier' })).toHaveAttribute('rel', 'nofollow noopener noreferrer');
    expect(screen.getByTestId('help-article-updated')).toHaveTextContent('Last updated 20 Nov 2026');

    const related = within(screen.getByTestId('help-related'));
    expect(related.getByRole('link', { name: 'Missing parcels' })).toHaveAttribute('href', '/help/article/missing-parcels/');
    await waitFor(() => expect(document.title).toMatch(/^Tracking your order \| /));
  });

  it('says an unknown or unpublished article is not found, with a way back to the help centre', async () => {
    server.use(
      http.get('*/api/v1/help/articles/:slug', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Article not found' } }, { status: 404 }),
      ),
    );
    renderAt('/help/article/no-such-article/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the help centre' })).toHaveAttribute('href', '/help/');
  });

  it('shows the placeholder shell’s own address as not found, without asking the API', async () => {
    renderAt('/help/article/_/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeInTheDocument();
  });
});

describe('Was this helpful?', () => {
  it('sends a Yes, thanks the visitor with the new count and remembers the vote for the article', async () => {
    serveArticle();
    const sent = serveVotes({ helpful_yes: 13, helpful_no: 2 });
    const { unmount } = renderAt('/help/article/tracking-your-order/');
    const feedback = await screen.findByTestId('article-feedback');
    expect(within(feedback).getByRole('heading', { name: 'Was this helpful?' })).toBeInTheDocument();

    await userEvent.setup().click(within(feedback).getByRole('button', { name: 'Yes' }));

    const thanks = await screen.findByTestId('article-feedback-thanks');
    expect(thanks).toHaveTextContent('Thanks for your feedback');
    expect(screen.getByTestId('article-helpful-count')).toHaveTextContent('13 people found this helpful');
    expect(thanks).toHaveFocus();
    expect(sent).toEqual([{ slug: 'tracking-your-order', body: { helpful: true } }]);
    expect(JSON.parse(window.localStorage.getItem(HELP_VOTES_KEY) ?? '{}')).toEqual({ [HELP_ARTICLE_ID]: 'yes' });
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    unmount();

    // Coming back: the thanks, not the buttons.
    renderAt('/help/article/tracking-your-order/');
    expect(await screen.findByTestId('article-feedback-thanks')).toHaveTextContent('12 people found this helpful');
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'No' })).not.toBeInTheDocument();
  });

  it('sends a No, and counts one person in the singular', async () => {
    serveArticle(helpArticleDetail({ helpful_yes: 1 }));
    const sent = serveVotes({ helpful_yes: 1, helpful_no: 3 });
    renderAt('/help/article/tracking-your-order/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'No' }));
    expect(await screen.findByTestId('article-helpful-count')).toHaveTextContent('1 person found this helpful');
    expect(sent).toEqual([{ slug: 'tracking-your-order', body: { helpful: false } }]);
    expect(JSON.parse(window.localStorage.getItem(HELP_VOTES_KEY) ?? '{}')).toEqual({ [HELP_ARTICLE_ID]: 'no' });
  });

  it('shows the API’s message when the visitor votes too often, and keeps the buttons', async () => {
    serveArticle();
    server.use(
      http.post('*/api/v1/help/articles/:slug/feedback', () =>
        HttpResponse.json(
          { error: { code: 'rate_limited', message: 'Too many votes. Please try again later.' } },
          { status: 429 },
        ),
      ),
    );
    renderAt('/help/article/tracking-your-order/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many votes. Please try again later.');
    expect(screen.getByRole('button', { name: 'Yes' })).toBeEnabled();
    expect(window.localStorage.getItem(HELP_VOTES_KEY)).toBeNull();
  });

  it('ignores junk in storage', async () => {
    window.localStorage.setItem(HELP_VOTES_KEY, '{"x": "maybe", "oops"');
    serveArticle();
    renderAt('/help/article/tracking-your-order/');
    expect(await screen.findByRole('button', { name: 'Yes' })).toBeInTheDocument();
  });
});
