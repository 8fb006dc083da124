import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { GlobalAttribute, GlobalAttributeInput } from '@/features/admin/api/attributes';
import { VALUE_EMPTY, valueThere } from '@/features/admin/components/attribute-form';
import { AdminAttributesPage, KEPT_VALUES } from '@/features/admin/components/attributes-page';
import { ATTRIBUTE_MESSAGES, attributeSchema } from '@/features/admin/lib/attribute-schema';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const STALE = 'This was changed by someone else: reload and try again';

function attribute(n: number, name: string, values: string[], overrides: Partial<GlobalAttribute> = {}): GlobalAttribute {
  return { id: `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`, name, values, position: 0, version: 1, ...overrides };
}

const SIZE = attribute(1, 'Size', ['S', 'M', 'L'], { position: 1, version: 3 });
const COLOUR = attribute(2, 'Colour', ['Red', 'Blue'], { position: 0 });

type Answer = { status: number; code: string; message: string; fields?: Record<string, string> };

/** The attributes kept in memory as the server keeps them (a change checks and bumps the version); records each change. */
function serveAttributes(initial: GlobalAttribute[], answers: { create?: Answer } = {}) {
  let attributes = initial;
  let next = 100;
  const created: GlobalAttributeInput[] = [];
  const updated: { id: string; body: GlobalAttributeInput }[] = [];
  const removed: string[] = [];
  server.use(
    http.get('*/api/v1/admin/global-attributes', () => HttpResponse.json({ attributes })),
    http.post('*/api/v1/admin/global-attributes', async ({ request }) => {
      const body = (await request.json()) as GlobalAttributeInput;
      created.push(body);
      if (answers.create) {
        const { status, code, message, fields } = answers.create;
        answers.create = undefined;
        return HttpResponse.json({ error: { code, message, fields } }, { status });
      }
      const row = attribute((next += 1), body.name, body.values, { position: body.position ?? 0 });
      attributes = [...attributes, row];
      return HttpResponse.json(row, { status: 201 });
    }),
    http.put('*/api/v1/admin/global-attributes/:id', async ({ request, params }) => {
      const body = (await request.json()) as GlobalAttributeInput;
      updated.push({ id: String(params.id), body });
      const row = attributes.find((item) => item.id === params.id)!;
      if (row.version !== body.version) {
        return HttpResponse.json({ error: { code: 'stale', message: STALE } }, { status: 409 });
      }
      const changed = { ...row, name: body.name, values: body.values, position: body.position ?? 0, version: row.version + 1 };
      attributes = attributes.map((item) => (item.id === row.id ? changed : item));
      return HttpResponse.json(changed);
    }),
    http.delete('*/api/v1/admin/global-attributes/:id', ({ params }) => {
      removed.push(String(params.id));
      attributes = attributes.filter((item) => item.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return {
    created,
    updated,
    removed,
    /** Someone else changes an attribute (the server's copy only). */
    change: (id: string, changes: Partial<GlobalAttribute>) =>
      (attributes = attributes.map((item) => (item.id === id ? { ...item, ...changes, version: item.version + 1 } : item))),
  };
}

function renderPage() {
  storeSession();
  return renderWithQueryClient(
    <>
      <AdminAttributesPage />
      <Toaster />
    </>,
  );
}

function rowOf(name: string) {
  const row = screen.getAllByTestId('attribute-row').find((element) => element.dataset.name === name);
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

function valuesIn(dialog: HTMLElement): string[] {
  return within(dialog)
    .queryAllByRole('textbox', { name: /^Value \d+$/ })
    .map((input) => (input as HTMLInputElement).value);
}

beforeEach(() => {
  toast.dismiss();
});

describe('/admin/global-attributes', () => {
  it('lists the attributes by position, each with its values as chips in order', async () => {
    serveAttributes([SIZE, COLOUR]);
    renderPage();

    await screen.findByRole('list', { name: 'Global attributes' });
    expect(screen.getAllByTestId('attribute-row').map((row) => row.dataset.name)).toEqual(['Colour', 'Size']);
    const size = rowOf('Size');
    expect(within(size).getByRole('list', { name: 'Values of Size' })).toBeInTheDocument();
    expect(within(size).getAllByTestId('attribute-chip').map((chip) => chip.textContent)).toEqual(['S', 'M', 'L']);
    expect(within(size).getByTestId('attribute-position')).toHaveTextContent('Position 1');
    expect(within(size).getByRole('button', { name: 'Edit Size' })).toBeInTheDocument();
    expect(within(size).getByRole('button', { name: 'Remove Size' })).toBeInTheDocument();
  });

  it('adds an attribute, its values added, moved and removed one by one', async () => {
    const api = serveAttributes([SIZE, COLOUR]);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add attribute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an attribute' });
    await user.type(within(dialog).getByLabelText('Name'), 'Material');
    expect(within(dialog).getByLabelText('Position')).toHaveValue('2');

    const draft = within(dialog).getByLabelText('New value');
    await user.click(within(dialog).getByRole('button', { name: 'Add value' }));
    expect(within(dialog).getByText(VALUE_EMPTY)).toBeInTheDocument();
    // Enter adds the value (it does not save the form).
    await user.type(draft, 'Cotton{Enter}');
    await user.type(draft, 'Wool');
    await user.click(within(dialog).getByRole('button', { name: 'Add value' }));
    await user.type(draft, 'Linen{Enter}');
    await user.type(draft, ' cotton {Enter}');
    expect(within(dialog).getByText(valueThere('cotton'))).toBeInTheDocument();
    expect(draft).toHaveAccessibleDescription(valueThere('cotton'));
    await user.clear(draft);
    expect(valuesIn(dialog)).toEqual(['Cotton', 'Wool', 'Linen']);
    expect(api.created).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Move value 3 up' }));
    expect(valuesIn(dialog)).toEqual(['Cotton', 'Linen', 'Wool']);
    expect(within(dialog).getByRole('button', { name: 'Move value 1 up' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move value 3 down' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Move value 1 down' }));
    expect(valuesIn(dialog)).toEqual(['Linen', 'Cotton', 'Wool']);
    await user.click(within(dialog).getByRole('button', { name: 'Remove value 2' }));
    expect(valuesIn(dialog)).toEqual(['Linen', 'Wool']);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Value 2' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value 2' }), 'Merino');

    await user.click(within(dialog).getByRole('button', { name: 'Add attribute' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.created).toEqual([{ name: 'Material', values: ['Linen', 'Merino'], position: 2 }]);
    expect(await screen.findByText('Material added')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('Material')).getAllByTestId('attribute-chip').map((chip) => chip.textContent)).toEqual([
        'Linen',
        'Merino',
      ]),
    );
  });

  it('adds a value typed but not added yet when saving', async () => {
    const api = serveAttributes([]);
    renderPage();
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'No attributes yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Size');
    await user.click(within(dialog).getByRole('button', { name: 'Add attribute' }));
    expect(await within(dialog).findByTestId('attribute-values-error')).toHaveTextContent(ATTRIBUTE_MESSAGES.values);
    expect(api.created).toEqual([]);

    await user.type(within(dialog).getByLabelText('New value'), 'One size');
    await user.click(within(dialog).getByRole('button', { name: 'Add attribute' }));
    await waitFor(() => expect(api.created).toEqual([{ name: 'Size', values: ['One size'], position: 0 }]));
  });

  it('refuses a value typed twice or too long, and a short name, before sending', async () => {
    const api = serveAttributes([SIZE]);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Size' });
    expect(valuesIn(dialog)).toEqual(['S', 'M', 'L']);
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'S');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Value 3' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value 3' }), 's');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Value 2' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value 2' }), 'x'.repeat(41));
    await user.click(within(dialog).getByRole('button', { name: 'Save attribute' }));

    expect(await within(dialog).findByText(ATTRIBUTE_MESSAGES.name)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Value 3' })).toHaveAccessibleDescription(ATTRIBUTE_MESSAGES.twice('s'));
    expect(within(dialog).getByRole('textbox', { name: 'Value 2' })).toHaveAccessibleDescription(ATTRIBUTE_MESSAGES.value);
    expect(api.updated).toEqual([]);
  });

  it('puts the server’s message on the field it names', async () => {
    const api = serveAttributes([SIZE], {
      create: { status: 400, code: 'validation_failed', message: 'Another attribute has this name', fields: { name: 'Another attribute has this name' } },
    });
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add attribute' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'size');
    await user.type(within(dialog).getByLabelText('New value'), 'XL{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add attribute' }));

    expect(await within(dialog).findByText('Another attribute has this name')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(api.created).toHaveLength(1);
  });

  it('edits with the version read; when someone else changed it, saves only after loading theirs', async () => {
    const api = serveAttributes([SIZE, COLOUR]);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Size' });
    api.change(SIZE.id, { values: ['S', 'M', 'L', 'XL'] });
    await user.type(within(dialog).getByLabelText('New value'), 'XS{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save attribute' }));

    const alert = await within(dialog).findByTestId('attribute-stale');
    expect(alert).toHaveTextContent(STALE);
    expect(api.updated).toEqual([{ id: SIZE.id, body: { name: 'Size', values: ['S', 'M', 'L', 'XS'], position: 1, version: 3 } }]);
    expect(within(dialog).getByRole('button', { name: 'Save attribute' })).toBeDisabled();

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(valuesIn(dialog)).toEqual(['S', 'M', 'L', 'XL']);
    await user.click(within(dialog).getByRole('button', { name: 'Move value 4 up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save attribute' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.updated[1]).toEqual({ id: SIZE.id, body: { name: 'Size', values: ['S', 'M', 'XL', 'L'], position: 1, version: 4 } });
    expect(await screen.findByText('Size saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('Size')).getAllByTestId('attribute-chip').map((chip) => chip.textContent)).toEqual(['S', 'M', 'XL', 'L']),
    );
  });

  it('removes an attribute after saying that products keep their values', async () => {
    const api = serveAttributes([SIZE, COLOUR]);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove Colour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Colour?' });
    expect(dialog).toHaveTextContent(KEPT_VALUES);
    await user.click(within(dialog).getByRole('button', { name: 'Remove attribute' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.removed).toEqual([COLOUR.id]);
    expect(await screen.findByText('Colour removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('attribute-row').map((row) => row.dataset.name)).toEqual(['Size']));
  });
});

describe('the attribute form’s rules', () => {
  it('trims values and finds repeats ignoring case', () => {
    const parsed = attributeSchema.safeParse({ name: ' Size ', values: [{ value: ' S ' }, { value: 'M' }], position: '3' });
    expect(parsed.data).toEqual({ name: 'Size', values: [{ value: 'S' }, { value: 'M' }], position: 3 });
    const twice = attributeSchema.safeParse({ name: 'Size', values: [{ value: 'M' }, { value: 'm' }], position: '0' });
    expect(twice.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['values.1.value', ATTRIBUTE_MESSAGES.twice('m')],
    ]);
    const many = attributeSchema.safeParse({
      name: 'Size',
      values: Array.from({ length: 101 }, (_, index) => ({ value: `V${index}` })),
      position: '0',
    });
    expect(many.error?.issues.map((issue) => issue.message)).toEqual([ATTRIBUTE_MESSAGES.values]);
  });
});
