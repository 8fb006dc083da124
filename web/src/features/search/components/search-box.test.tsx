import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Suggestion } from '@/features/search/api/search';
import { SearchBox, SUGGEST_DEBOUNCE_MS } from '@/features/search/components/search-box';
import { publicSettings, suggestion } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn() }));

const push = vi.fn();

beforeEach(() => {
  vi.mocked(useRouter).mockReturnValue({ push } as unknown as ReturnType<typeof useRouter>);
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
});

/** Answers suggestion requests with `reply(q)`, recording each q asked for. */
function serveSuggestions(reply: (q: string) => Suggestion[]) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v1/search/suggestions', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      return HttpResponse.json({ suggestions: reply(q) });
    }),
  );
  return asked;
}

const five = [1, 2, 3, 4, 5].map((index) => suggestion(index));

async function typeInBox(text: string) {
  const user = userEvent.setup();
  renderWithQueryClient(<SearchBox />);
  const box = screen.getByRole('combobox', { name: 'Search products' });
  expect(box).toHaveAttribute('placeholder', 'Search products...');
  await user.type(box, text);
  return { user, box };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SearchBox suggestions', () => {
  it('asks for nothing and shows nothing until the text has more than 1 character', async () => {
    const asked = serveSuggestions(() => five);
    const { box } = await typeInBox(' g ');
    await pause(SUGGEST_DEBOUNCE_MS + 150);
    expect(asked).toEqual([]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('waits for typing to pause, then asks once for the trimmed text', async () => {
    const asked = serveSuggestions(() => five.slice(0, 2));
    await typeInBox('  glove');
    expect(await screen.findByRole('listbox', { name: 'Product suggestions' })).toBeInTheDocument();
    expect(asked).toEqual(['glove']);
  });

  it('shows at most 5, each with picture or placeholder, name, price and category', async () => {
    serveSuggestions(() => [
      suggestion(1),
      suggestion(2, { image_url: null, category: null }),
      suggestion(3),
      suggestion(4),
      suggestion(5),
      suggestion(6),
    ]);
    const { box } = await typeInBox('su');

    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(5);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(options[0]).toHaveTextContent('Suggested Product 1');
    expect(options[0]).toHaveTextContent('R109.90');
    expect(options[0]).toHaveTextContent('Training Gear');
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', '/media/seed/products/suggested-1.svg');
    expect(options[1]!.querySelector('img')).toBeNull();
    expect(within(options[1]!).getByTestId('suggestion-placeholder')).toBeInTheDocument();
    expect(options[1]).not.toHaveTextContent('Training Gear');
    expect(screen.getByRole('status')).toHaveTextContent('5 suggestions');
  });

  it('offers "View all results" with exactly 5 suggestions, and it opens the search page', async () => {
    serveSuggestions(() => five);
    const { user } = await typeInBox('su ');
    const viewAll = await screen.findByRole('button', { name: 'View all results for "su"' });
    await user.click(viewAll);
    expect(push).toHaveBeenCalledWith('/search/?q=su');
  });

  it('has no "View all results" with fewer than 5', async () => {
    serveSuggestions(() => five.slice(0, 4));
    await typeInBox('su');
    expect(await screen.findAllByRole('option')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /View all results/ })).not.toBeInTheDocument();
  });

  it('says "No products found for …" when nothing matches', async () => {
    serveSuggestions(() => []);
    await typeInBox('zzqx');
    const popup = await screen.findByTestId('search-suggestions');
    expect(popup).toHaveTextContent('No products found for "zzqx"');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No products found for "zzqx"');
  });

  it('opens a clicked suggestion at /products/{id}/', async () => {
    serveSuggestions(() => five);
    const { user, box } = await typeInBox('su');
    await user.click(await screen.findByRole('option', { name: /Suggested Product 3/ }));
    expect(push).toHaveBeenCalledWith(`/products/${five[2]!.id}/`);
    expect(box).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('SearchBox keyboard', () => {
  it('moves through the suggestions with the arrows and opens one with Enter', async () => {
    serveSuggestions(() => five.slice(0, 3));
    const { user, box } = await typeInBox('su');
    const options = await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');
    expect(push).toHaveBeenCalledWith(`/products/${five[2]!.id}/`);
  });

  it('closes the list with Escape, and the arrows open it again', async () => {
    serveSuggestions(() => five.slice(0, 2));
    const { user, box } = await typeInBox('su');
    await screen.findByRole('listbox');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('su');

    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('submits the trimmed text to /search/?q=, and nothing when it is blank', async () => {
    serveSuggestions(() => five.slice(0, 1));
    const { user, box } = await typeInBox('   ');
    await user.keyboard('{Enter}');
    expect(push).not.toHaveBeenCalled();

    await user.type(box, ' glovse  {Enter}');
    expect(push).toHaveBeenCalledWith('/search/?q=glovse');
    expect(push).toHaveBeenCalledTimes(1);
  });

  it('submits with the search button too', async () => {
    serveSuggestions(() => []);
    const { user } = await typeInBox('trail shoe ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/search/?q=trail+shoe'));
  });
});
