import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { AdminHelpArticle, AdminHelpCategory } from '@/features/help/api/admin-help';
import { AdminHelpPage } from '@/features/help/components/admin-help-page';
import { adminHelpHref, adminHelpParamsFrom } from '@/features/help/lib/admin-help-params';
import { storeSession } from '@/test/auth';
import {
  HELP_ARTICLE_ID,
  HELP_CATEGORY_ID,
  OTHER_HELP_ARTICLE_ID,
  OTHER_HELP_CATEGORY_ID,
  adminHelpArticle,
  adminHelpCategories,
  adminHelpCategory,
} from '@/test/help';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

let replace: ReturnType<typeof vi.fn>;
let push: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  push = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push } as unknown as ReturnType<typeof useRouter>);
  // Sonner replays toasts still on screen to a new Toaster; each test starts without any.
  toast.dismiss();
});

const NEW_ID = '0190f200-0000-7000-8000-00000000a0ff';

/**
 * The admin help API over a little store: categories and articles that take changes as the
 * server does; records what was sent.
 */
function serveHelp({
  categories = adminHelpCategories().categories,
  articles = [adminHelpArticle(), adminHelpArticle({ id: OTHER_HELP_ARTICLE_ID, title: 'Missing parcels', slug: 'missing-parcels', published: false, helpful_yes: 0, helpful_no: 1 })],
}: { categories?: AdminHelpCategory[]; articles?: AdminHelpArticle[] } = {}) {
  const sent = {
    listQueries: [] as string[],
    categoryPosts: [] as unknown[],
    categoryPatches: [] as { id: string; body: unknown }[],
    categoryDeletes: [] as string[],
    articlePosts: [] as unknown[],
    articlePatches: [] as { id: string; body: unknown }[],
    articleDeletes: [] as string[],
    previews: [] as unknown[],
  };
  let cats = [...categories];
  let arts = [...articles];
  const row = ({ body: _body, html: _html, ...rest }: AdminHelpArticle) => rest;
  server.use(
    http.get('*/api/v1/admin/help/categories', () => HttpResponse.json({ categories: cats })),
    http.post('*/api/v1/admin/help/categories', async ({ request }) => {
      const body = (await request.json()) as Partial<AdminHelpCategory>;
      sent.categoryPosts.push(body);
      const category = adminHelpCategory({ id: 'c-new', slug: 'new', description: '', articles: 0, ...body });
      cats = [...cats, category];
      return HttpResponse.json({ category }, { status: 201 });
    }),
    http.patch('*/api/v1/admin/help/categories/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<AdminHelpCategory>;
      sent.categoryPatches.push({ id: String(params.id), body });
      cats = cats.map((category) => (category.id === params.id ? { ...category, ...body } : category));
      return HttpResponse.json({ category: cats.find((category) => category.id === params.id) });
    }),
    http.delete('*/api/v1/admin/help/categories/:id', ({ params }) => {
      sent.categoryDeletes.push(String(params.id));
      const category = cats.find((item) => item.id === params.id);
      if (category && category.articles > 0) {
        return HttpResponse.json(
          { error: { code: 'conflict', message: "Move or delete this category's articles first" } },
          { status: 409 },
        );
      }
      cats = cats.filter((item) => item.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/admin/help/articles', ({ request }) => {
      sent.listQueries.push(new URL(request.url).search);
      return HttpResponse.json({ articles: arts.map(row) });
    }),
    http.get('*/api/v1/admin/help/articles/:id', ({ params }) => {
      const article = arts.find((item) => item.id === params.id);
      if (!article) return HttpResponse.json({ error: { code: 'not_found', message: 'Article not found' } }, { status: 404 });
      return HttpResponse.json({ article });
    }),
    http.post('*/api/v1/admin/help/articles', async ({ request }) => {
      const body = (await request.json()) as Partial<AdminHelpArticle>;
      sent.articlePosts.push(body);
      const article = adminHelpArticle({ id: NEW_ID, slug: 'a-new-article', position: 9, helpful_yes: 0, helpful_no: 0, ...body });
      arts = [...arts, article];
      return HttpResponse.json({ article }, { status: 201 });
    }),
    http.patch('*/api/v1/admin/help/articles/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<AdminHelpArticle>;
      sent.articlePatches.push({ id: String(params.id), body });
      arts = arts.map((article) => (article.id === params.id ? { ...article, ...body } : article));
      return HttpResponse.json({ article: arts.find((article) => article.id === params.id) });
    }),
    http.delete('*/api/v1/admin/help/articles/:id', ({ params }) => {
      sent.articleDeletes.push(String(params.id));
      arts = arts.filter((article) => article.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/v1/admin/help/preview', async ({ request }) => {
      const body = await request.json();
      sent.previews.push(body);
      return HttpResponse.json({ html: '<h2>Preview heading</h2>\n<p>Some <em>text</em>.</p>\n' });
    }),
  );
  return sent;
}

function renderPage(search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  const result = renderWithQueryClient(
    <>
      <AdminHelpPage />
      <Toaster />
    </>,
  );
  return { ...result, user: userEvent.setup() };
}

describe('/admin/help: the articles', () => {
  it('lists them with category, published or draft, votes and date, asking with the filters in the URL', async () => {
    const sent = serveHelp();
    renderPage(`category=${HELP_CATEGORY_ID}&q=parcel`);

    const rows = (await screen.findAllByTestId('help-article-row')) as [HTMLElement, HTMLElement];
    expect(sent.listQueries[0]).toBe(`?category=${HELP_CATEGORY_ID}&q=parcel`);
    expect(screen.getByRole('heading', { level: 1, name: 'Help centre' })).toBeInTheDocument();
    const first = within(rows[0]);
    expect(first.getByRole('link', { name: 'Tracking your order' })).toHaveAttribute(
      'href',
      `/admin/help/?category=${HELP_CATEGORY_ID}&q=parcel&article=${HELP_ARTICLE_ID}`,
    );
    expect(rows[0]).toHaveTextContent('Orders & delivery');
    expect(first.getByTestId('status-badge')).toHaveTextContent('Published');
    expect(first.getByTestId('help-article-votes')).toHaveTextContent('12 helpful, 2 not helpful');
    expect(rows[0]).toHaveTextContent('20 Nov 2026');
    expect(within(rows[1]).getByTestId('status-badge')).toHaveTextContent('Draft');

    expect(screen.getByLabelText('Search articles')).toHaveValue('parcel');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue(HELP_CATEGORY_ID));
  });

  it('puts the category at once and the search when submitted in the URL', async () => {
    serveHelp();
    const { user } = renderPage('q=lamp');
    await screen.findAllByTestId('help-article-row');
    await screen.findByRole('option', { name: 'Payments' });

    await user.selectOptions(screen.getByLabelText('Category'), 'Payments');
    expect(replace).toHaveBeenLastCalledWith(`/admin/help/?category=${OTHER_HELP_CATEGORY_ID}&q=lamp`, { scroll: false });

    await user.clear(screen.getByLabelText('Search articles'));
    await user.type(screen.getByLabelText('Search articles'), 'refund');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(replace).toHaveBeenLastCalledWith('/admin/help/?q=refund', { scroll: false });
  });

  it('says when nothing matches, with a way out', async () => {
    const sent = serveHelp({ articles: [] });
    renderPage('q=zzz');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Nothing matches “zzz”.');
    expect(screen.getByRole('link', { name: 'Clear the filters' })).toHaveAttribute('href', '/admin/help/');
    expect(sent.listQueries).toEqual(['?q=zzz']);
  });
});

describe('/admin/help: the categories', () => {
  it('lists them by position with their article counts', async () => {
    serveHelp({
      categories: [adminHelpCategory({ id: 'b', name: 'Second', position: 5 }), adminHelpCategory({ id: 'a', name: 'First', position: 1 })],
    });
    renderPage();
    const rows = await screen.findAllByTestId('help-category-row');
    expect(rows.map((item) => item.querySelector('p')?.textContent)).toEqual(['First', 'Second']);
    expect(rows[0]).toHaveTextContent('orders-delivery · 2 articles · position 1');
    expect(within(rows[0]!).getByRole('button', { name: 'Move First up' })).toBeDisabled();
    expect(within(rows[1]!).getByRole('button', { name: 'Move Second down' })).toBeDisabled();
  });

  it('adds one, sending only what was given', async () => {
    const sent = serveHelp();
    const { user } = renderPage();
    await screen.findAllByTestId('help-category-row');

    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByTestId('help-category-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(await within(dialog).findByText('Category name is required')).toBeInTheDocument();
    expect(sent.categoryPosts).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Returns & refunds');
    expect(within(dialog).getByText('Left empty, it is made from the name: returns-refunds.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));

    expect(await screen.findByText('Returns & refunds added')).toBeInTheDocument();
    expect(sent.categoryPosts).toEqual([{ name: 'Returns & refunds', description: '', position: 2 }]);
    await waitFor(() => expect(screen.queryByTestId('help-category-dialog')).not.toBeInTheDocument());
    expect(await screen.findAllByTestId('help-category-row')).toHaveLength(3);
  });

  it('renames one', async () => {
    const sent = serveHelp();
    const { user } = renderPage();
    await screen.findAllByTestId('help-category-row');
    await user.click(screen.getByRole('button', { name: 'Edit Payments' }));
    const dialog = await screen.findByTestId('help-category-dialog');
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Payments');
    await user.clear(name);
    await user.type(name, 'Paying');
    await user.click(within(dialog).getByRole('button', { name: 'Save category' }));
    expect(await screen.findByText('Paying saved')).toBeInTheDocument();
    expect(sent.categoryPatches).toEqual([
      { id: OTHER_HELP_CATEGORY_ID, body: { name: 'Paying', slug: 'payments', description: 'Cards, EFT and PayFast.', position: 1 } },
    ]);
  });

  it('moves one down by swapping positions with the next', async () => {
    const sent = serveHelp();
    const { user } = renderPage();
    await screen.findAllByTestId('help-category-row');
    await user.click(screen.getByRole('button', { name: 'Move Orders & delivery down' }));
    await waitFor(() =>
      expect(sent.categoryPatches).toEqual([
        { id: HELP_CATEGORY_ID, body: { position: 1 } },
        { id: OTHER_HELP_CATEGORY_ID, body: { position: 0 } },
      ]),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('help-category-row').map((item) => item.querySelector('p')?.textContent)).toEqual([
        'Payments',
        'Orders & delivery',
      ]),
    );
  });

  it('shows the server’s refusal to delete a category that has articles, and deletes an empty one', async () => {
    const sent = serveHelp();
    const { user } = renderPage();
    await screen.findAllByTestId('help-category-row');

    await user.click(screen.getByRole('button', { name: 'Delete Orders & delivery' }));
    let dialog = await screen.findByTestId('delete-category-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Move or delete this category's articles first");
    expect(sent.categoryDeletes).toEqual([HELP_CATEGORY_ID]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('delete-category-dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Payments' }));
    dialog = await screen.findByTestId('delete-category-dialog');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    expect(await screen.findByText('Payments deleted')).toBeInTheDocument();
    expect(sent.categoryDeletes).toEqual([HELP_CATEGORY_ID, OTHER_HELP_CATEGORY_ID]);
    await waitFor(() => expect(screen.getAllByTestId('help-category-row')).toHaveLength(1));
  });
});

describe('/admin/help: the editor', () => {
  it('creates a published article, then opens it', async () => {
    const sent = serveHelp();
    const { user } = renderPage(`category=${OTHER_HELP_CATEGORY_ID}&article=new`);
    expect(await screen.findByRole('heading', { level: 1, name: 'New article' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New article' });
    // The category filtered by starts chosen.
    await waitFor(() => expect(within(form).getByLabelText('Category')).toHaveValue(OTHER_HELP_CATEGORY_ID));

    await user.type(within(form).getByLabelText('Title'), 'Paying by EFT');
    expect(within(form).getByText('Left empty, it is made from the title: paying-by-eft.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Summary'), 'Instant EFT, step by step.');
    await user.type(within(form).getByLabelText('Body'), '## Steps{enter}{enter}Choose **EFT**.');
    await user.click(within(form).getByRole('switch', { name: 'Published' }));
    await user.click(within(form).getByRole('button', { name: 'Create article' }));

    expect(await screen.findByText('Article created and published')).toBeInTheDocument();
    expect(sent.articlePosts).toEqual([
      {
        title: 'Paying by EFT',
        category_id: OTHER_HELP_CATEGORY_ID,
        summary: 'Instant EFT, step by step.',
        body: '## Steps\n\nChoose **EFT**.',
        published: true,
      },
    ]);
    expect(replace).toHaveBeenCalledWith(`/admin/help/?category=${OTHER_HELP_CATEGORY_ID}&article=${NEW_ID}`, { scroll: false });
  });

  it('says what is missing before sending anything', async () => {
    const sent = serveHelp();
    const { user } = renderPage('article=new');
    const form = await screen.findByRole('form', { name: 'New article' });
    await user.click(within(form).getByRole('button', { name: 'Create article' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();
    expect(within(form).getByText('Article body is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Category')).toHaveAccessibleDescription('Choose a category');
    await user.type(within(form).getByLabelText('Slug'), 'Not A Slug');
    await user.click(within(form).getByRole('button', { name: 'Create article' }));
    expect(await within(form).findByText('Slug may only contain lowercase letters, digits and hyphens')).toBeInTheDocument();
    expect(sent.articlePosts).toEqual([]);
  });

  it('loads an article, publishes a draft and saves only once something changed', async () => {
    const sent = serveHelp();
    const { user } = renderPage(`article=${OTHER_HELP_ARTICLE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Missing parcels' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Edit Missing parcels' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Missing parcels');
    expect(within(form).getByLabelText('Slug')).toHaveValue('missing-parcels');
    expect(within(form).getByLabelText('Body')).toHaveValue('## Where to look\n\nOpen **Profile › Orders**.');
    expect(within(form).getByLabelText('Position')).toHaveValue('0');
    const publish = within(form).getByRole('switch', { name: 'Published' });
    expect(publish).not.toBeChecked();
    const saveButton = within(form).getByRole('button', { name: 'Save changes' });
    expect(saveButton).toBeDisabled();
    expect(within(form).queryByRole('link', { name: 'View in the help centre' })).not.toBeInTheDocument();

    await user.click(publish);
    await user.click(saveButton);

    expect(await screen.findByText('Article saved and published')).toBeInTheDocument();
    expect(sent.articlePatches).toEqual([
      {
        id: OTHER_HELP_ARTICLE_ID,
        body: {
          title: 'Missing parcels',
          slug: 'missing-parcels',
          category_id: HELP_CATEGORY_ID,
          summary: 'Where your parcel is, and when it arrives.',
          body: '## Where to look\n\nOpen **Profile › Orders**.',
          published: true,
          position: 0,
        },
      },
    ]);
    expect(await within(form).findByRole('link', { name: 'View in the help centre' })).toHaveAttribute(
      'href',
      '/help/article/missing-parcels/',
    );
    await waitFor(() => expect(saveButton).toBeDisabled());
  });

  it('puts the server’s field errors and a slug in use under their fields', async () => {
    serveHelp();
    const { user } = renderPage(`article=${HELP_ARTICLE_ID}`);
    const form = await screen.findByRole('form', { name: 'Edit Tracking your order' });
    server.use(
      http.patch('*/api/v1/admin/help/articles/:id', () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'Check the form', fields: { title: 'Title is required' } } },
          { status: 400 },
        ),
      ),
    );
    await user.type(within(form).getByLabelText('Title'), ' again');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    server.use(
      http.patch('*/api/v1/admin/help/articles/:id', () =>
        HttpResponse.json({ error: { code: 'conflict', message: 'Slug is already in use' } }, { status: 409 }),
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Slug is already in use')).toBeInTheDocument();
    expect(within(form).getByLabelText('Slug')).toHaveFocus();
  });

  it('previews the body as the server renders it', async () => {
    const sent = serveHelp();
    const { user } = renderPage(`article=${HELP_ARTICLE_ID}`);
    const form = await screen.findByRole('form', { name: 'Edit Tracking your order' });
    await user.type(within(form).getByLabelText('Body'), '{enter}More.');
    await user.click(within(form).getByRole('tab', { name: 'Preview' }));
    const preview = await within(form).findByTestId('help-preview');
    expect(await within(preview).findByRole('heading', { level: 2, name: 'Preview heading' })).toBeInTheDocument();
    expect(sent.previews).toEqual([{ body: '## Where to look\n\nOpen **Profile › Orders**.\nMore.' }]);
    await user.click(within(form).getByRole('tab', { name: 'Write' }));
    expect(within(form).getByLabelText('Body')).toBeVisible();
  });

  it('deletes an article once confirmed, back to the list', async () => {
    const sent = serveHelp();
    const { user } = renderPage(`q=parcel&article=${HELP_ARTICLE_ID}`);
    await screen.findByRole('form', { name: 'Edit Tracking your order' });
    await user.click(screen.getByRole('button', { name: 'Delete article' }));
    const dialog = await screen.findByTestId('delete-article-dialog');
    expect(dialog).toHaveTextContent('Delete “Tracking your order”?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete article' }));
    expect(await screen.findByText('Article deleted')).toBeInTheDocument();
    expect(sent.articleDeletes).toEqual([HELP_ARTICLE_ID]);
    expect(replace).toHaveBeenCalledWith('/admin/help/?q=parcel', { scroll: false });
  });

  it('says an article that is not there is not found', async () => {
    serveHelp();
    renderPage('article=0190f200-0000-7000-8000-000000000000');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Article not found');
    expect(screen.getByRole('link', { name: 'See every article' })).toHaveAttribute('href', '/admin/help/');
  });
});

describe('admin help params', () => {
  it('reads and writes the address, leaving out what is empty and ids that are not ids', () => {
    const params = adminHelpParamsFrom(new URLSearchParams('category=abc-1&q=%20lamp%20&article=new'));
    expect(params).toEqual({ category: 'abc-1', q: 'lamp', article: 'new' });
    expect(adminHelpHref(params)).toBe('/admin/help/?category=abc-1&q=lamp&article=new');
    expect(adminHelpParamsFrom(new URLSearchParams('category=<script>'))).toEqual({ category: '', q: '', article: null });
    expect(adminHelpHref({ category: '', q: '', article: null })).toBe('/admin/help/');
  });
});
