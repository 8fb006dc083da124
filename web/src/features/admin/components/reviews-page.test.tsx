import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { reviewFiltersFrom, reviewsHref, type AdminReview } from '@/features/admin/api/reviews';
import { AdminReviewsPage, isLongBody, ratingText, reviewCountText } from '@/features/admin/components/reviews-page';
import { REASON_LENGTH } from '@/features/admin/lib/user-words';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const BOOT_ID = '0190e000-0000-7000-8000-000000000001';
const TEE_ID = '0190e000-0000-7000-8000-000000000002';

function review(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id: '0190f100-0000-7000-8000-000000000001',
    product_id: BOOT_ID,
    product_name: 'Karoo Hiking Boot',
    product_slug: 'karoo-hiking-boot',
    vendor_name: 'Karoo Outdoor Co.',
    author_name: 'Thandi M.',
    rating: 4,
    title: 'Comfortable from day one',
    body: 'Walked the Otter Trail in them without a blister.',
    hidden: false,
    hidden_at: null,
    hidden_reason: null,
    created_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

const GOOD = review();
const RUDE = review({
  id: '0190f100-0000-7000-8000-000000000002',
  product_id: TEE_ID,
  product_name: 'Cape Trail Tee',
  product_slug: 'cape-trail-tee',
  vendor_name: null,
  author_name: 'Anon',
  rating: 1,
  title: 'Rubbish',
  body: 'Buy from www.other-shop.example instead. '.repeat(10).trim(),
});
const HIDDEN = review({
  id: '0190f100-0000-7000-8000-000000000003',
  author_name: 'Spam Bot',
  rating: 5,
  title: 'Cheap watches',
  body: 'Click here',
  hidden: true,
  hidden_at: '2026-11-21T10:00:00Z',
  hidden_reason: 'Advertising another shop',
});

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  // Sonner replays toasts still on screen to a new Toaster; each test starts without any.
  toast.dismiss();
});

type Answer = { status: number; code: string; message: string; fields?: Record<string, string> };

function problem({ status, code, message, fields }: Answer) {
  return HttpResponse.json({ error: { code, message, fields } }, { status });
}

/**
 * The reviews kept in memory, as the server keeps them (hiding sets the reason, showing clears
 * it; doing what is done already answers 409 `unchanged`); records each list query and change.
 * `answers` make a change fail once.
 */
function serveReviews(initial: AdminReview[], answers: { change?: Answer } = {}) {
  let reviews = initial;
  const lists: string[] = [];
  const changes: { id: string; action: string; body: unknown }[] = [];
  server.use(
    http.get('*/api/v1/admin/reviews', ({ request }) => {
      const url = new URL(request.url);
      lists.push(url.search);
      const visibility = url.searchParams.get('visibility');
      const rating = url.searchParams.get('rating');
      const q = url.searchParams.get('q')?.toLowerCase();
      const rows = reviews.filter(
        (row) =>
          (!visibility || row.hidden === (visibility === 'hidden')) &&
          (!rating || row.rating === Number(rating)) &&
          (!q || [row.title, row.body, row.author_name, row.product_name].some((text) => text.toLowerCase().includes(q))),
      );
      return HttpResponse.json({ reviews: rows, total: { count: rows.length, capped: false } });
    }),
    http.post('*/api/v1/admin/reviews/:id/:action', async ({ request, params }) => {
      const action = String(params.action);
      const body = action === 'hide' ? ((await request.json()) as { reason: string }) : undefined;
      changes.push({ id: String(params.id), action, body });
      const failure = answers.change;
      if (failure) {
        answers.change = undefined;
        return problem(failure);
      }
      const hide = action === 'hide';
      const row = reviews.find((candidate) => candidate.id === params.id);
      if (!row) return problem({ status: 404, code: 'not_found', message: 'Not found' });
      if (row.hidden === hide) {
        return problem({
          status: 409,
          code: 'unchanged',
          message: hide ? 'This review is hidden already' : 'This review is shown already',
        });
      }
      const next: AdminReview = {
        ...row,
        hidden: hide,
        hidden_at: hide ? '2026-11-22T08:00:00Z' : null,
        hidden_reason: hide ? (body?.reason ?? null) : null,
      };
      reviews = reviews.map((candidate) => (candidate.id === row.id ? next : candidate));
      return HttpResponse.json(next);
    }),
  );
  return {
    lists,
    changes,
    /** Someone else changes a review (the server's copy only). */
    change: (id: string, next: Partial<AdminReview>) =>
      (reviews = reviews.map((row) => (row.id === id ? { ...row, ...next } : row))),
  };
}

function renderPage(search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(
    <>
      <AdminReviewsPage />
      <Toaster />
    </>,
  );
}

function rowOf(title: string) {
  const row = screen.getAllByTestId('review-row').find((element) => within(element).queryByText(title));
  if (!row) throw new Error(`No row for ${title}`);
  return row;
}

describe('/admin/reviews', () => {
  it('lists the reviews with their stars, title, text, author, product, store and date', async () => {
    const { lists } = serveReviews([GOOD, RUDE, HIDDEN]);
    renderPage();

    expect(await screen.findByTestId('reviews-total')).toHaveTextContent('3 reviews');
    expect(lists).toEqual(['?page=1&per_page=20']);
    expect(within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('listitem')).toHaveLength(3);

    const good = rowOf('Comfortable from day one');
    expect(good).toHaveAttribute('data-hidden', 'false');
    expect(within(good).getByRole('article', { name: 'Comfortable from day one' })).toBeInTheDocument();
    expect(within(good).getByTestId('review-rating')).toHaveTextContent('4 of 5 stars');
    expect(within(good).getByTestId('review-body')).toHaveTextContent('Walked the Otter Trail in them without a blister.');
    expect(within(good).getByTestId('review-author')).toHaveTextContent('By Thandi M. · 20 Nov 2026');
    const product = within(good).getByRole('link', { name: /^Karoo Hiking Boot ?\(opens in a new tab\)$/ });
    expect(product).toHaveAttribute('href', '/products/karoo-hiking-boot/');
    expect(product).toHaveAttribute('target', '_blank');
    expect(within(good).getByTestId('review-store')).toHaveTextContent('Karoo Outdoor Co.');
    expect(within(good).getByRole('link', { name: 'Only this product’s reviews' })).toHaveAttribute(
      'href',
      `/admin/reviews/?product_id=${BOOT_ID}`,
    );
    const hide = within(good).getByRole('button', { name: 'Hide' });
    expect(hide).toHaveAccessibleDescription('Comfortable from day one');
    expect(within(good).queryByText('Hidden')).not.toBeInTheDocument();
    // A short body is not clamped and offers nothing to open.
    expect(within(good).queryByRole('button', { name: 'Read all' })).not.toBeInTheDocument();

    const rude = rowOf('Rubbish');
    expect(within(rude).getByTestId('review-rating')).toHaveTextContent('1 of 5 stars');
    expect(within(rude).getByTestId('review-store')).toHaveTextContent('Sold by the platform');

    const hidden = rowOf('Cheap watches');
    expect(hidden).toHaveAttribute('data-hidden', 'true');
    expect(within(hidden).getByTestId('status-badge')).toHaveTextContent('Hidden');
    expect(within(hidden).getByTestId('review-hidden-reason')).toHaveTextContent(
      'Hidden on 21 Nov 2026: “Advertising another shop”',
    );
    expect(within(hidden).getByRole('button', { name: 'Show again' })).toBeInTheDocument();
    expect(within(hidden).queryByRole('button', { name: 'Hide' })).not.toBeInTheDocument();

    const tabs = screen.getByRole('navigation', { name: 'Visibility' });
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Hidden' })).toHaveAttribute('href', '/admin/reviews/?visibility=hidden');
  });

  it('clamps a long review and opens it on request', async () => {
    serveReviews([RUDE]);
    renderPage();
    const rude = await screen.findByTestId('review-row');
    const body = within(rude).getByTestId('review-body');
    expect(body).toHaveClass('line-clamp-3');
    const more = within(rude).getByRole('button', { name: 'Read all' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await userEvent.setup().click(more);
    expect(body).not.toHaveClass('line-clamp-3');
    expect(within(rude).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('asks the server for the filters in the URL, and puts a new choice in the URL', async () => {
    const { lists } = serveReviews([HIDDEN]);
    renderPage(`visibility=hidden&rating=5&q=watch&product_id=${BOOT_ID}&page=2`);

    await screen.findByTestId('reviews-total');
    expect(lists[0]).toBe(`?q=watch&product_id=${BOOT_ID}&rating=5&visibility=hidden&page=2&per_page=20`);
    expect(screen.getByLabelText('Rating')).toHaveValue('5');
    expect(screen.getByRole('searchbox', { name: 'Search reviews' })).toHaveValue('watch');
    const tabs = screen.getByRole('navigation', { name: 'Visibility' });
    expect(within(tabs).getByRole('link', { name: 'Hidden' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Shown' })).toHaveAttribute(
      'href',
      `/admin/reviews/?q=watch&rating=5&visibility=shown&product_id=${BOOT_ID}`,
    );
    expect(screen.getByTestId('review-product-filter')).toHaveTextContent('Only reviews of Karoo Hiking Boot.');
    expect(screen.getByRole('link', { name: 'Show every product' })).toHaveAttribute(
      'href',
      '/admin/reviews/?q=watch&rating=5&visibility=hidden',
    );

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Rating'), '1 star');
    expect(replace).toHaveBeenLastCalledWith(`/admin/reviews/?q=watch&rating=1&visibility=hidden&product_id=${BOOT_ID}`, {
      scroll: false,
    });
    const search = screen.getByRole('searchbox', { name: 'Search reviews' });
    await user.clear(search);
    await user.type(search, 'blister{Enter}');
    expect(replace).toHaveBeenLastCalledWith(
      `/admin/reviews/?q=blister&rating=5&visibility=hidden&product_id=${BOOT_ID}`,
      { scroll: false },
    );
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/admin/reviews/');
  });

  it('hides a review only with a reason of 3 to 500 characters, and reads the list again', async () => {
    const { changes, lists } = serveReviews([GOOD, RUDE]);
    renderPage('visibility=shown');
    const user = userEvent.setup();

    await user.click(within(await findRow('Rubbish')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review?' });
    expect(dialog).toHaveTextContent('“Rubbish” by Anon on Cape Trail Tee');
    const send = within(dialog).getByRole('button', { name: 'Hide review' });
    await user.click(send);
    expect(within(dialog).getByText(REASON_LENGTH)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Reason'), 'ad');
    await user.click(send);
    expect(within(dialog).getByText(REASON_LENGTH)).toBeInTheDocument();
    expect(changes).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'vertising another shop  ');
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes).toEqual([{ id: RUDE.id, action: 'hide', body: { reason: 'advertising another shop' } }]);
    expect(await screen.findByText('Review hidden')).toBeInTheDocument();
    expect(screen.getByText('It no longer counts in the rating of Cape Trail Tee.')).toBeInTheDocument();
    // Read again: on the "Shown" tab, the hidden review has gone.
    await waitFor(() => expect(screen.getAllByTestId('review-row')).toHaveLength(1));
    expect(screen.getByTestId('reviews-total')).toHaveTextContent('1 review');
    expect(lists).toEqual(['?visibility=shown&page=1&per_page=20', '?visibility=shown&page=1&per_page=20']);
  });

  it('shows a hidden review again after a confirmation', async () => {
    const { changes } = serveReviews([HIDDEN]);
    renderPage();
    const user = userEvent.setup();

    await user.click(within(await findRow('Cheap watches')).getByRole('button', { name: 'Show again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Show this review again?' });
    expect(changes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Show again' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes).toEqual([{ id: HIDDEN.id, action: 'restore', body: undefined }]);
    expect(await screen.findByText('Review shown again')).toBeInTheDocument();
    const row = rowOf('Cheap watches');
    await waitFor(() => expect(row).toHaveAttribute('data-hidden', 'false'));
    expect(within(row).queryByTestId('review-hidden-reason')).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });

  it('says so when another admin hid the review first, and shows it as it is now', async () => {
    const api = serveReviews([GOOD]);
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await findRow('Comfortable from day one')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog');
    // Another admin hides it meanwhile.
    api.change(GOOD.id, { hidden: true, hidden_at: '2026-11-22T07:00:00Z', hidden_reason: 'Duplicate review' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Off topic');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('This review is hidden already')).toBeInTheDocument();
    const row = rowOf('Comfortable from day one');
    await waitFor(() => expect(row).toHaveAttribute('data-hidden', 'true'));
    expect(within(row).getByTestId('review-hidden-reason')).toHaveTextContent('“Duplicate review”');
  });

  it('puts the server’s word on the reason in the dialog', async () => {
    serveReviews([GOOD], {
      change: {
        status: 400,
        code: 'validation_failed',
        message: 'Invalid',
        fields: { reason: 'The reason must not contain control characters' },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await findRow('Comfortable from day one')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Off topic');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await within(dialog).findByText('The reason must not contain control characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when there is nothing hidden, and when nothing matches', async () => {
    serveReviews([GOOD]);
    const first = renderPage('visibility=hidden');
    expect(await screen.findByRole('heading', { name: 'No hidden reviews' })).toBeInTheDocument();
    first.unmount();
    renderPage('q=zebra');
    expect(await screen.findByRole('heading', { name: 'No reviews match' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all reviews' })).toHaveAttribute('href', '/admin/reviews/');
  });

  it('shows the error and tries again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/admin/reviews', () =>
        fail
          ? HttpResponse.json({ error: { code: 'forbidden', message: 'Sign in again as an admin' } }, { status: 403 })
          : HttpResponse.json({ reviews: [GOOD], total: { count: 1, capped: false } }),
      ),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This could not be loaded');
    expect(alert).toHaveTextContent('Sign in again as an admin');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('review-row')).toBeInTheDocument();
  });
});

async function findRow(title: string) {
  await screen.findAllByTestId('review-row');
  return rowOf(title);
}

describe('the review list’s address and words', () => {
  it('keeps only what it knows, and leaves the defaults out', () => {
    const filters = reviewFiltersFrom(
      new URLSearchParams('visibility=deleted&rating=6&product_id=not-an-id&q=%20boot%20&page=0'),
    );
    expect(filters).toEqual({ q: 'boot', rating: '', visibility: '', product: '', page: 1 });
    expect(reviewsHref(filters)).toBe('/admin/reviews/?q=boot');
    expect(reviewsHref({ ...filters, q: '' })).toBe('/admin/reviews/');
    const round = reviewFiltersFrom(new URLSearchParams(`rating=3&visibility=shown&product_id=${TEE_ID}&page=4`));
    expect(reviewsHref(round)).toBe(`/admin/reviews/?rating=3&visibility=shown&product_id=${TEE_ID}&page=4`);
  });

  it('words counts, capped totals and stars', () => {
    expect(reviewCountText({ count: 1, capped: false })).toBe('1 review');
    expect(reviewCountText({ count: 0, capped: false })).toBe('0 reviews');
    expect(reviewCountText({ count: 10000, capped: true })).toBe('More than 10,000 reviews');
    expect(ratingText(4)).toBe('4 of 5 stars');
    expect(ratingText(1)).toBe('1 of 5 stars');
    expect(isLongBody('a'.repeat(280))).toBe(false);
    expect(isLongBody('a'.repeat(281))).toBe(true);
    expect(isLongBody('one\ntwo\nthree\nfour')).toBe(true);
  });
});
