import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HelpCentre } from '@/features/help/components/help-centre';
import { helpIndex, helpSearchResult } from '@/test/help';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
});

function renderAt(search = '') {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(<HelpCentre />);
}

/** Answers GET /help/search with `results` for any text, and records each text asked for. */
function serveSearch(results = [helpSearchResult()]) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v1/help/search', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      return HttpResponse.json({ results });
    }),
  );
  return asked;
}

describe('/help: the categories', () => {
  it('lists each category with its articles, linking to their pages', async () => {
    server.use(http.get('*/api/v1/help', () => HttpResponse.json(helpIndex())));
    renderAt();

    const sections = await screen.findAllByTestId('help-category');
    expect(sections).toHaveLength(2);
    const orders = within(sections[0]!);
    expect(orders.getByRole('heading', { level: 2, name: 'Orders & delivery' })).toBeInTheDocument();
    expect(sections[0]).toHaveAttribute('id', 'orders-delivery');
    expect(orders.getByText('Tracking, delivery times and missing parcels.')).toBeInTheDocument();
    expect(orders.getByRole('link', { name: 'Tracking your order' })).toHaveAttribute('href', '/help/article/tracking-your-order/');
    expect(orders.getByRole('link', { name: 'Missing parcels' })).toHaveAttribute('href', '/help/article/missing-parcels/');
    expect(within(sections[1]!).getByRole('link', { name: 'Paying with PayFast' })).toHaveAttribute(
      'href',
      '/help/article/paying-with-payfast/',
    );
    expect(screen.getByLabelText('Search help articles')).toHaveValue('');
  });
});

describe('/help: the search', () => {
  it('searches as typing pauses, keeps the text in ?q= and lists each result with its summary and category', async () => {
    server.use(http.get('*/api/v1/help', () => HttpResponse.json(helpIndex())));
    const asked = serveSearch([
      helpSearchResult(),
      helpSearchResult({
        title: 'Refunds to your card',
        slug: 'refunds-to-your-card',
        summary: 'When a refund reaches your card.',
        category: { name: 'Payments', slug: 'payments' },
      }),
    ]);
    renderAt();
    await screen.findAllByTestId('help-category');

    await userEvent.setup().type(screen.getByLabelText('Search help articles'), 'payfast card');

    const results = await screen.findAllByTestId('help-result');
    expect(asked).toEqual(['payfast card']);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith('/help/?q=payfast%20card', { scroll: false });
    expect(screen.getByTestId('help-results-count')).toHaveTextContent('2 articles for “payfast card”');
    const first = within(results[0]!);
    expect(first.getByRole('link', { name: 'Paying with PayFast' })).toHaveAttribute('href', '/help/article/paying-with-payfast/');
    expect(first.getByText('Cards and instant EFT through PayFast.')).toBeInTheDocument();
    expect(results[0]).toHaveTextContent('Payments');
    expect(within(results[1]!).getByRole('link', { name: 'Refunds to your card' })).toBeInTheDocument();
    // The categories give way to the results.
    expect(screen.queryByTestId('help-category')).not.toBeInTheDocument();
  });

  it('starts from ?q= and says when nothing matches, with a way to contact support', async () => {
    const asked = serveSearch([]);
    renderAt('q=%20teleport%20');

    expect(await screen.findByTestId('help-no-results')).toHaveTextContent('No articles match “teleport”');
    expect(screen.getByLabelText('Search help articles')).toHaveValue('teleport');
    expect(asked).toEqual(['teleport']);
    expect(within(screen.getByTestId('help-no-results')).getByRole('link', { name: 'contact us' })).toHaveAttribute(
      'href',
      '/contact/',
    );
    expect(replace).not.toHaveBeenCalled();
  });

  it('goes back to the categories when the box is cleared', async () => {
    serveSearch();
    server.use(http.get('*/api/v1/help', () => HttpResponse.json(helpIndex())));
    renderAt('q=payfast');
    await screen.findAllByTestId('help-result');

    await userEvent.setup().clear(screen.getByLabelText('Search help articles'));

    expect(await screen.findAllByTestId('help-category')).toHaveLength(2);
    await waitFor(() => expect(replace).toHaveBeenLastCalledWith('/help/', { scroll: false }));
  });

  it('asks nothing for blank text', async () => {
    const asked = serveSearch();
    server.use(http.get('*/api/v1/help', () => HttpResponse.json(helpIndex())));
    renderAt('q=%20%20');
    await screen.findAllByTestId('help-category');
    await userEvent.setup().type(screen.getByLabelText('Search help articles'), '   ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toEqual([]);
    expect(screen.getAllByTestId('help-category')).toHaveLength(2);
  });
});
