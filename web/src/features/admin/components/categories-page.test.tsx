import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { AuditEntry } from '@/features/admin/api/audit';
import type { AdminCategory, CategoryInput } from '@/features/admin/api/categories';
import { AdminCategoriesPage } from '@/features/admin/components/categories-page';
import { CATEGORY_MESSAGES } from '@/features/admin/lib/category-schema';
import { slugify } from '@/features/admin/lib/category-tree';
import { auditEntry } from '@/test/admin-orders';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const STALE = 'This was changed by someone else: reload and try again';

function id(n: number): string {
  return `0190c000-0000-7000-8000-${String(n).padStart(12, '0')}`;
}

function category(n: number, name: string, overrides: Partial<AdminCategory> = {}): AdminCategory {
  return {
    id: id(n),
    slug: slugify(name),
    name,
    description: '',
    image_url: null,
    parent_id: null,
    position: 0,
    active: true,
    product_count: 0,
    version: 1,
    ...overrides,
  };
}

// Clothing (0); Footwear (10) > Boots > Hiking Boots, Footwear > Sandals; Archive (20, hidden).
const CLOTHING = category(1, 'Clothing', { product_count: 12 });
const FOOTWEAR = category(2, 'Footwear', { position: 10, product_count: 5, version: 4 });
const BOOTS = category(3, 'Boots', { parent_id: id(2), product_count: 1, version: 2 });
const HIKING = category(4, 'Hiking Boots', { parent_id: id(3), product_count: 3 });
const SANDALS = category(5, 'Sandals', { parent_id: id(2) });
const ARCHIVE = category(6, 'Archive', { position: 20, active: false });
const ALL = [HIKING, SANDALS, ARCHIVE, BOOTS, FOOTWEAR, CLOTHING];

type Answer = { status: number; code: string; message: string; fields?: Record<string, string> };

function problem({ status, code, message, fields }: Answer) {
  return HttpResponse.json({ error: { code, message, fields } }, { status });
}

/**
 * The categories kept in memory as the server keeps them (a change bumps the version and checks
 * the one sent; a removal moves the sub-categories up); records each change. `answers` make the
 * next change of that kind fail once.
 */
function serveCategories(
  initial: AdminCategory[],
  audit: AuditEntry[] = [],
  answers: { create?: Answer; update?: Answer } = {},
) {
  let categories = initial;
  let next = 100;
  const created: CategoryInput[] = [];
  const updated: { id: string; body: CategoryInput }[] = [];
  const removed: { id: string; moveTo: string | null }[] = [];
  server.use(
    http.get('*/api/v1/admin/categories', () => HttpResponse.json({ categories, audit })),
    http.post('*/api/v1/admin/categories', async ({ request }) => {
      const body = (await request.json()) as CategoryInput;
      created.push(body);
      if (answers.create) {
        const failure = answers.create;
        answers.create = undefined;
        return problem(failure);
      }
      const row = category((next += 1), body.name, {
        slug: body.slug ?? slugify(body.name),
        parent_id: body.parent_id ?? null,
        position: body.position ?? 0,
        active: body.active ?? true,
      });
      categories = [...categories, row];
      return HttpResponse.json(row, { status: 201 });
    }),
    http.put('*/api/v1/admin/categories/:id', async ({ request, params }) => {
      const body = (await request.json()) as CategoryInput;
      updated.push({ id: String(params.id), body });
      if (answers.update) {
        const failure = answers.update;
        answers.update = undefined;
        return problem(failure);
      }
      const row = categories.find((item) => item.id === params.id)!;
      if (row.version !== body.version) return problem({ status: 409, code: 'stale', message: STALE });
      const changed: AdminCategory = {
        ...row,
        name: body.name,
        slug: body.slug ?? slugify(body.name),
        description: body.description ?? '',
        image_url: body.image_url ?? null,
        parent_id: body.parent_id ?? null,
        position: body.position ?? 0,
        active: body.active ?? true,
        version: row.version + 1,
      };
      categories = categories.map((item) => (item.id === row.id ? changed : item));
      return HttpResponse.json(changed);
    }),
    http.delete('*/api/v1/admin/categories/:id', ({ request, params }) => {
      const moveTo = new URL(request.url).searchParams.get('move_to');
      removed.push({ id: String(params.id), moveTo });
      const row = categories.find((item) => item.id === params.id)!;
      const parent = categories.find((item) => item.id === row.parent_id);
      const to = moveTo ?? parent?.slug ?? '';
      categories = categories
        .filter((item) => item.id !== row.id)
        .map((item) => (item.parent_id === row.id ? { ...item, parent_id: row.parent_id } : item))
        .map((item) => (item.slug === to && to ? { ...item, product_count: item.product_count + row.product_count } : item));
      return HttpResponse.json({ products_to: to, products_moved: row.product_count });
    }),
  );
  return {
    created,
    updated,
    removed,
    /** Someone else changes a category (the server's copy only). */
    change: (categoryId: string, changes: Partial<AdminCategory>) =>
      (categories = categories.map((item) =>
        item.id === categoryId ? { ...item, ...changes, version: item.version + 1 } : item,
      )),
  };
}

function renderPage() {
  storeSession();
  return renderWithQueryClient(
    <>
      <AdminCategoriesPage />
      <Toaster />
    </>,
  );
}

function rows() {
  return screen.getAllByTestId('category-row');
}

function rowOf(slug: string) {
  const row = rows().find((element) => element.dataset.slug === slug);
  if (!row) throw new Error(`No row for ${slug}`);
  return row;
}

beforeEach(() => {
  // Sonner replays toasts still on screen to a new Toaster; each test starts without any.
  toast.dismiss();
});

describe('/admin/categories', () => {
  it('shows the tree: children under their parents, by position then name, with address, products and on/off', async () => {
    serveCategories(ALL);
    renderPage();

    await screen.findByRole('list', { name: 'Categories' });
    expect(rows().map((row) => `${row.dataset.depth}:${row.dataset.slug}`)).toEqual([
      '1:clothing',
      '1:footwear',
      '2:boots',
      '3:hiking-boots',
      '2:sandals',
      '1:archive',
    ]);
    const footwear = screen.getByRole('list', { name: 'Sub-categories of Footwear' });
    expect(within(footwear).getAllByTestId('category-name').map((name) => name.textContent)).toEqual([
      'Boots',
      'Hiking Boots',
      'Sandals',
    ]);
    const clothing = rowOf('clothing');
    expect(within(clothing).getByTestId('category-slug')).toHaveTextContent('clothing');
    expect(within(clothing).getByTestId('category-products')).toHaveTextContent('12 products');
    expect(within(clothing).getByTestId('status-badge')).toHaveTextContent('Shown');
    expect(within(rowOf('boots')).getByTestId('category-products')).toHaveTextContent('1 product');
    expect(within(rowOf('archive')).getByTestId('status-badge')).toHaveTextContent('Hidden');
    expect(screen.getByText('6 categories, 5 on the storefront.')).toBeInTheDocument();

    // Sub-categories go three levels deep: none is offered under the third level.
    expect(within(rowOf('boots')).getByRole('button', { name: 'Add a sub-category to Boots' })).toBeInTheDocument();
    expect(within(rowOf('hiking-boots')).queryByRole('button', { name: /^Add a sub-category/ })).not.toBeInTheDocument();
    expect(within(rowOf('hiking-boots')).getByRole('button', { name: 'Edit Hiking Boots' })).toBeInTheDocument();
    expect(within(rowOf('hiking-boots')).getByRole('button', { name: 'Remove Hiking Boots' })).toBeInTheDocument();
  });

  it('adds a top category, its address made from the name, placed after the others', async () => {
    const api = serveCategories(ALL);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a category' });
    await user.type(within(dialog).getByLabelText('Name'), 'Kitchen & Home');
    expect(within(dialog).getByText(/Left empty, it is made from the name: kitchen-home\./)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Parent')).toHaveValue('');
    expect(within(dialog).getByLabelText('Position')).toHaveValue('21');
    expect(within(dialog).getByLabelText('On the storefront')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.created).toEqual([
      { name: 'Kitchen & Home', slug: null, description: '', image_url: null, parent_id: null, position: 21, active: true },
    ]);
    expect(await screen.findByText('Kitchen & Home added')).toBeInTheDocument();
    await waitFor(() => expect(rows().at(-1)).toHaveAttribute('data-slug', 'kitchen-home'));
  });

  it('adds a sub-category under a row, offering only parents within three levels', async () => {
    const api = serveCategories(ALL);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add a sub-category to Boots' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a sub-category to Boots' });
    const parent = within(dialog).getByLabelText('Parent');
    expect(parent).toHaveValue(BOOTS.id);
    expect(within(parent).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'None: a top category',
      'Clothing',
      'Footwear',
      '— Boots',
      '— Sandals',
      'Archive',
    ]);
    // After its sibling, Hiking Boots (0).
    expect(within(dialog).getByLabelText('Position')).toHaveValue('1');
    expect(within(dialog).getByLabelText('Position')).toHaveAccessibleDescription(/Beside it: Hiking Boots 0\./);
    await user.type(within(dialog).getByLabelText('Name'), 'Work Boots');
    await user.type(within(dialog).getByLabelText('Address'), 'work-boots');
    await user.type(within(dialog).getByLabelText('Description'), 'Steel toes');
    await user.type(within(dialog).getByLabelText('Image address'), 'https://cdn.example.com/work.webp');
    await user.click(within(dialog).getByLabelText('On the storefront'));
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));

    await waitFor(() => expect(api.created).toHaveLength(1));
    expect(api.created[0]).toEqual({
      name: 'Work Boots',
      slug: 'work-boots',
      description: 'Steel toes',
      image_url: 'https://cdn.example.com/work.webp',
      parent_id: BOOTS.id,
      position: 1,
      active: false,
    });
    await waitFor(() => expect(rowOf('work-boots')).toHaveAttribute('data-depth', '3'));
    expect(within(rowOf('work-boots')).getByTestId('status-badge')).toHaveTextContent('Hidden');
  });

  it('checks the fields before sending, with the server’s messages', async () => {
    const api = serveCategories(ALL);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'X');
    await user.type(within(dialog).getByLabelText('Address'), 'Not A Slug');
    await user.type(within(dialog).getByLabelText('Image address'), 'ftp://example.com/a.png');
    await user.clear(within(dialog).getByLabelText('Position'));
    await user.type(within(dialog).getByLabelText('Position'), '100001');
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));

    expect(await within(dialog).findByText(CATEGORY_MESSAGES.name)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(expect.stringContaining(CATEGORY_MESSAGES.name));
    expect(within(dialog).getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(CATEGORY_MESSAGES.slug)).toBeInTheDocument();
    expect(within(dialog).getByText(CATEGORY_MESSAGES.imageUrl)).toBeInTheDocument();
    expect(within(dialog).getByText(CATEGORY_MESSAGES.position)).toBeInTheDocument();
    expect(api.created).toEqual([]);
  });

  it('puts the server’s field errors on the fields', async () => {
    const api = serveCategories(ALL, [], {
      create: {
        status: 400,
        code: 'validation_failed',
        message: 'Another category has this address',
        fields: { slug: 'Another category has this address' },
      },
    });
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Clothing');
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));

    expect(await within(dialog).findByText('Another category has this address')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Address')).toHaveFocus();
    expect(api.created).toHaveLength(1);
  });

  it('edits a category with the version it was read at; its parent cannot be itself or below it', async () => {
    const api = serveCategories(ALL);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Boots' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Boots' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Boots');
    expect(within(dialog).getByLabelText('Address')).toHaveValue('boots');
    expect(within(dialog).getByLabelText('Address')).toHaveAccessibleDescription('Changing it takes its 1 product along.');
    const parent = within(dialog).getByLabelText('Parent');
    expect(parent).toHaveValue(FOOTWEAR.id);
    // Not Boots, not Hiking Boots (below it), and nothing that would make Hiking Boots a fourth level.
    expect(within(parent).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'None: a top category',
      'Clothing',
      'Footwear',
      'Archive',
    ]);

    await user.selectOptions(parent, 'Clothing');
    await user.clear(within(dialog).getByLabelText('Position'));
    await user.type(within(dialog).getByLabelText('Position'), '7');
    await user.click(within(dialog).getByLabelText('On the storefront'));
    await user.click(within(dialog).getByRole('button', { name: 'Save category' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.updated).toEqual([
      {
        id: BOOTS.id,
        body: {
          name: 'Boots',
          slug: 'boots',
          description: '',
          image_url: null,
          parent_id: CLOTHING.id,
          position: 7,
          active: false,
          version: 2,
        },
      },
    ]);
    expect(await screen.findByText('Boots saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Sub-categories of Clothing' }))
          .getAllByTestId('category-row')
          .map((row) => row.dataset.slug),
      ).toEqual(['boots', 'hiking-boots']),
    );
  });

  it('says when someone else changed the category, and saves only after loading their version', async () => {
    const api = serveCategories(ALL);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Footwear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Footwear' });
    // Another admin renames it meanwhile.
    api.change(FOOTWEAR.id, { name: 'Shoes' });
    await user.clear(within(dialog).getByLabelText('Position'));
    await user.type(within(dialog).getByLabelText('Position'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save category' }));

    const alert = await within(dialog).findByTestId('category-stale');
    expect(alert).toHaveTextContent(STALE);
    expect(api.updated[0]?.body.version).toBe(4);
    const save = within(dialog).getByRole('button', { name: 'Save category' });
    expect(save).toBeDisabled();
    // The tree shows their change meanwhile.
    await waitFor(() => expect(within(rowOf('footwear')).getByTestId('category-name')).toHaveTextContent('Shoes'));

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(within(dialog).queryByTestId('category-stale')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Shoes');
    expect(within(dialog).getByLabelText('Position')).toHaveValue('10');
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.updated[1]?.body).toMatchObject({ name: 'Shoes', position: 10, version: 5 });
  });

  it('removes a top category: its products go to no category unless another is chosen', async () => {
    const api = serveCategories(ALL);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove Footwear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Footwear?' });
    expect(dialog).toHaveTextContent('Footwear has 5 products: choose where they go. Its 2 sub-categories become top categories.');
    const move = within(dialog).getByLabelText('Move its products to');
    expect(move).toHaveDisplayValue('No category');
    expect(within(move).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No category',
      'Clothing',
      '— Boots',
      '— — Hiking Boots',
      '— Sandals',
      'Archive',
    ]);
    await user.selectOptions(move, 'Clothing');
    await user.click(within(dialog).getByRole('button', { name: 'Remove category' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.removed).toEqual([{ id: FOOTWEAR.id, moveTo: 'clothing' }]);
    expect(await screen.findByText('Footwear removed')).toBeInTheDocument();
    expect(screen.getByText('5 products moved to Clothing.')).toBeInTheDocument();
    await waitFor(() =>
      // Boots and Sandals move up beside Clothing (all at position 0: by name).
      expect(rows().map((row) => `${row.dataset.depth}:${row.dataset.slug}`)).toEqual([
        '1:boots',
        '2:hiking-boots',
        '1:clothing',
        '1:sandals',
        '1:archive',
      ]),
    );
    expect(within(rowOf('clothing')).getByTestId('category-products')).toHaveTextContent('17 products');
  });

  it('removes a sub-category: by default its products go to its parent', async () => {
    const api = serveCategories(ALL);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove Boots' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Boots?' });
    expect(dialog).toHaveTextContent('Boots has 1 product: choose where they go. Its 1 sub-category moves up to Footwear.');
    expect(within(dialog).getByLabelText('Move its products to')).toHaveDisplayValue('Its parent, Footwear');
    await user.click(within(dialog).getByRole('button', { name: 'Remove category' }));

    expect(await screen.findByText('1 product moved to Footwear.')).toBeInTheDocument();
    expect(api.removed).toEqual([{ id: BOOTS.id, moveTo: null }]);
  });

  it('asks nothing about products when the category has none', async () => {
    const api = serveCategories(ALL);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Archive?' });
    expect(dialog).toHaveTextContent('Archive has no products.');
    expect(within(dialog).queryByLabelText('Move its products to')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove category' }));
    expect(await screen.findByText('It had no products.')).toBeInTheDocument();
    expect(api.removed).toEqual([{ id: ARCHIVE.id, moveTo: null }]);
  });

  it('lists the recent changes, naming categories rather than their ids', async () => {
    serveCategories(ALL, [
      auditEntry({
        id: id(900),
        action: 'category.update',
        subject_type: 'category',
        subject_id: BOOTS.id,
        details: {
          before: { name: 'Boots', slug: 'boots', parent_id: FOOTWEAR.id, position: 0, active: true },
          after: { name: 'Boots', slug: 'boots', parent_id: CLOTHING.id, position: 0, active: false },
        } as unknown as AuditEntry['details'],
      }),
    ]);
    renderPage();

    const changes = await screen.findByRole('list', { name: 'Recent changes' });
    const entry = within(changes).getByTestId('audit-entry');
    expect(entry).toHaveAttribute('data-action', 'category.update');
    expect(within(entry).getAllByTestId('audit-change').map((change) => change.textContent)).toEqual([
      'Parent:FootwearClothing',
      'On the storefront:yesno',
    ]);
    expect(within(entry).getByTestId('audit-figure')).toHaveTextContent('Category:Boots');
  });

  it('says so when there are no categories yet', async () => {
    serveCategories([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No categories yet' })).toBeInTheDocument();
    expect(screen.getByText('No category has been changed yet.')).toBeInTheDocument();
  });
});
