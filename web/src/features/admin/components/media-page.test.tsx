import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { adminMediaHref, mediaFiltersFrom, type AdminMediaItem, type BulkResult } from '@/features/admin/api/media';
import { AdminMediaPage, mediaCountText } from '@/features/admin/components/media-page';
import { usageWords } from '@/features/admin/components/media-usage';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { adminVendor } from '@/test/selling';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

const KAROO = adminVendor();
const CAPE = adminVendor({ id: '0190d000-0000-7000-8000-00000000c002', store_name: 'Cape Trail Co', store_slug: 'cape-trail-co' });

function media(overrides: Partial<AdminMediaItem> = {}): AdminMediaItem {
  return {
    id: '0190f000-0000-7000-8000-000000000001',
    vendor_id: KAROO.id,
    vendor_name: KAROO.store_name,
    kind: 'image',
    content_type: 'image/jpeg',
    bytes: 655_360,
    url: '/media/karoo/boot.jpg',
    thumbnail_url: '/media/karoo/boot-320.webp',
    original_name: 'boot.jpg',
    alt_text: 'A brown hiking boot',
    product_uses: 2,
    store_uses: 0,
    created_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

const BOOT = media();
const LOGO = media({
  id: '0190f000-0000-7000-8000-000000000002',
  vendor_id: CAPE.id,
  vendor_name: CAPE.store_name,
  url: '/media/cape/logo.png',
  thumbnail_url: null,
  original_name: 'logo.png',
  alt_text: 'Cape Trail Co logo',
  product_uses: 1,
  store_uses: 1,
});
const OLD_TENT = media({
  id: '0190f000-0000-7000-8000-000000000003',
  original_name: 'old-tent.jpg',
  alt_text: '',
  product_uses: 0,
});
const PROMO = media({
  id: '0190f000-0000-7000-8000-000000000004',
  vendor_id: CAPE.id,
  vendor_name: CAPE.store_name,
  kind: 'video',
  content_type: 'video/mp4',
  bytes: 13_107_200,
  url: '/media/cape/promo.mp4',
  thumbnail_url: null,
  original_name: 'promo.mp4',
  alt_text: '',
  product_uses: 0,
});

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  // Sonner replays toasts still on screen to a new Toaster; each test starts without any.
  toast.dismiss();
});

/**
 * The library kept in memory as the server keeps it: a removal takes the items away, unless
 * `refuse` answers it (and `meanwhile` changes the library, as another store's editor would).
 * Records each list query and removal body.
 */
function serveMedia(
  initial: AdminMediaItem[],
  refuse?: { result: BulkResult; meanwhile?: (items: AdminMediaItem[]) => AdminMediaItem[] },
) {
  let items = initial;
  const lists: string[] = [];
  const removals: unknown[] = [];
  server.use(
    http.get('*/api/v1/admin/vendors', () => HttpResponse.json({ vendors: [KAROO, CAPE], total: 2 })),
    http.get('*/api/v1/admin/media', ({ request }) => {
      const url = new URL(request.url);
      lists.push(url.search);
      const unused = url.searchParams.get('unused') === 'true';
      const rows = items.filter((item) => !unused || item.product_uses + item.store_uses === 0);
      return HttpResponse.json({ media: rows, total: { count: rows.length, capped: false } });
    }),
    http.post('*/api/v1/admin/media/remove', async ({ request }) => {
      const body = (await request.json()) as { ids: string[] };
      removals.push(body);
      if (refuse) {
        items = refuse.meanwhile?.(items) ?? items;
        return HttpResponse.json(refuse.result);
      }
      items = items.filter((item) => !body.ids.includes(item.id));
      const result: BulkResult = {
        applied: true,
        rows: body.ids.map((id) => ({ id, outcome: 'done', code: null, message: null })),
      };
      return HttpResponse.json(result);
    }),
  );
  return { lists, removals };
}

function renderPage(search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(
    <>
      <AdminMediaPage />
      <Toaster />
    </>,
  );
}

function itemOf(name: string) {
  const item = screen.getAllByTestId('media-item').find((element) => within(element).queryByText(name));
  if (!item) throw new Error(`No item for ${name}`);
  return item;
}

describe('/admin/media', () => {
  it('shows each item with its store, kind, size and where it is used', async () => {
    const { lists } = serveMedia([BOOT, LOGO, OLD_TENT, PROMO]);
    renderPage();

    expect(await screen.findByTestId('media-count')).toHaveTextContent('4 items');
    expect(lists).toEqual(['?page=1&per_page=24']);
    expect(screen.getByRole('heading', { name: 'Media' })).toBeInTheDocument();

    const boot = itemOf('boot.jpg');
    expect(within(boot).getByTestId('media-store')).toHaveTextContent('Karoo Outdoor Co.');
    expect(within(boot).getByText(/^Picture · 640 KB ·/)).toBeInTheDocument();
    expect(within(boot).getByTestId('media-usage')).toHaveTextContent(/^Used by 2 products$/);
    expect(within(boot).getByRole('img', { name: 'A brown hiking boot' })).toHaveAttribute('src', '/media/karoo/boot-320.webp');
    const original = within(boot).getByRole('link', { name: /^Open original ?of boot\.jpg \(opens in a new tab\)$/ });
    expect(original).toHaveAttribute('href', '/media/karoo/boot.jpg');
    expect(original).toHaveAttribute('target', '_blank');

    const logo = itemOf('logo.png');
    expect(within(logo).getByTestId('media-store')).toHaveTextContent('Cape Trail Co');
    expect(within(logo).getByTestId('media-usage')).toHaveTextContent('Used by 1 product · Store logo or banner');
    // Without a thumbnail yet, the original is shown.
    expect(within(logo).getByRole('img', { name: 'Cape Trail Co logo' })).toHaveAttribute('src', '/media/cape/logo.png');

    const tent = itemOf('old-tent.jpg');
    expect(within(tent).getByTestId('media-usage')).toHaveTextContent('Not used');
    expect(within(tent).getByRole('button', { name: 'Remove old-tent.jpg' })).toBeInTheDocument();

    const promo = itemOf('promo.mp4');
    expect(within(promo).getByText(/^Video · 12.5 MB ·/)).toBeInTheDocument();
    expect(within(promo).queryByRole('img')).not.toBeInTheDocument();
  });

  it('words the usage, the total and the address', () => {
    expect(usageWords({ product_uses: 1, store_uses: 0 })).toEqual(['Used by 1 product']);
    expect(usageWords({ product_uses: 0, store_uses: 2 })).toEqual(['Logo and banner']);
    expect(usageWords({ product_uses: 3, store_uses: 1 })).toEqual(['Used by 3 products', 'Store logo or banner']);
    expect(usageWords({ product_uses: 0, store_uses: 0 })).toEqual([]);
    expect(mediaCountText({ count: 1, capped: false })).toBe('1 item');
    expect(mediaCountText({ count: 10_000, capped: true })).toBe('More than 10,000 items');
    const filters = mediaFiltersFrom(new URLSearchParams(`q=boot&vendor_id=${KAROO.id}&kind=audio&unused=yes&page=2`));
    expect(filters).toEqual({ q: 'boot', vendor: KAROO.id, kind: '', unused: false, page: 2 });
    expect(adminMediaHref({ ...filters, kind: 'video', unused: true })).toBe(
      `/admin/media/?q=boot&vendor_id=${KAROO.id}&kind=video&unused=true&page=2`,
    );
  });

  it('lets only unused items be selected, the used ones saying why', async () => {
    serveMedia([BOOT, LOGO, OLD_TENT, PROMO]);
    renderPage();
    const user = userEvent.setup();

    const bootBox = await screen.findByRole('checkbox', { name: 'Select boot.jpg' });
    expect(bootBox).toBeDisabled();
    expect(bootBox).toHaveAccessibleDescription('Used by 2 products');
    expect(screen.getByRole('checkbox', { name: 'Select logo.png' })).toBeDisabled();
    expect(within(itemOf('boot.jpg')).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all unused on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select old-tent.jpg' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select promo.mp4' })).toBeChecked();
    expect(bootBox).not.toBeChecked();
    expect(screen.getByTestId('media-selected')).toHaveTextContent('2 selected');

    await user.click(screen.getByRole('checkbox', { name: 'Select promo.mp4' }));
    expect(screen.getByTestId('media-selected')).toHaveTextContent('1 selected');
    expect(screen.getByRole('checkbox', { name: 'Select all unused on this page' })).not.toBeChecked();
  });

  it('removes the selected items, all at once', async () => {
    const { removals } = serveMedia([BOOT, OLD_TENT, PROMO]);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Select old-tent.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select promo.mp4' }));
    await user.click(screen.getByRole('button', { name: 'Remove the 2 selected items' }));

    const dialog = await screen.findByTestId('media-remove-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Remove 2 items?' })).toBeInTheDocument();
    expect(within(dialog).getByText('old-tent.jpg')).toBeInTheDocument();
    expect(within(dialog).getByText('promo.mp4')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2 items' }));

    expect(await screen.findByText('Removed 2 items')).toBeInTheDocument();
    expect(removals).toEqual([{ ids: [OLD_TENT.id, PROMO.id] }]);
    expect(screen.queryByTestId('media-remove-dialog')).not.toBeInTheDocument();
    // The list is read again: only what is used is left, and nothing is selected.
    await waitFor(() => expect(screen.getAllByTestId('media-item')).toHaveLength(1));
    expect(screen.getByTestId('media-selected')).toBeEmptyDOMElement();
  });

  it('removes nothing when the server refuses an item, and says why row by row', async () => {
    const { removals } = serveMedia([BOOT, OLD_TENT, PROMO], {
      result: {
        applied: false,
        rows: [
          { id: OLD_TENT.id, outcome: 'done', code: null, message: null },
          { id: PROMO.id, outcome: 'refused', code: 'in_use', message: 'promo.mp4 is used in 1 place' },
        ],
      },
      // A vendor put the video on a product after the admin's list was read.
      meanwhile: (items) => items.map((item) => (item.id === PROMO.id ? { ...item, product_uses: 1 } : item)),
    });
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Select all unused on this page' }));
    await user.click(screen.getByRole('button', { name: 'Remove the 2 selected items' }));
    const dialog = await screen.findByTestId('media-remove-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2 items' }));

    const report = await within(dialog).findByTestId('media-remove-report');
    expect(removals).toEqual([{ ids: [OLD_TENT.id, PROMO.id] }]);
    expect(report).toHaveTextContent('Nothing was removed.');
    expect(within(report).getAllByTestId('media-refused').map((row) => row.textContent)).toEqual([
      'promo.mp4: promo.mp4 is used in 1 place',
    ]);
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Removed/)).not.toBeInTheDocument();
    expect(screen.getAllByTestId('media-item')).toHaveLength(3);

    // The list is read again: the video shows its use and leaves the selection; the report stays.
    await waitFor(() => expect(within(itemOf('promo.mp4')).getByTestId('media-usage')).toHaveTextContent('Used by 1 product'));
    expect(screen.getByTestId('media-selected')).toHaveTextContent('1 selected');
    expect(within(screen.getByTestId('media-remove-dialog')).getByText('Nothing was removed.')).toBeInTheDocument();
  });

  it('removes a single unused item with its own button', async () => {
    const { removals } = serveMedia([BOOT, OLD_TENT]);
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove old-tent.jpg' }));
    const dialog = await screen.findByTestId('media-remove-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Remove old-tent.jpg?' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Removed old-tent.jpg')).toBeInTheDocument();
    expect(removals).toEqual([{ ids: [OLD_TENT.id] }]);
    await waitFor(() => expect(screen.queryByText('old-tent.jpg')).not.toBeInTheDocument());
  });

  it('keeps a single item’s report open when the item turns out to be in use', async () => {
    serveMedia([BOOT, OLD_TENT], {
      result: { applied: false, rows: [{ id: OLD_TENT.id, outcome: 'refused', code: 'in_use', message: null }] },
      meanwhile: (items) => items.map((item) => (item.id === OLD_TENT.id ? { ...item, store_uses: 2 } : item)),
    });
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove old-tent.jpg' }));
    const dialog = await screen.findByTestId('media-remove-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await within(dialog).findByTestId('media-refused')).toHaveTextContent('old-tent.jpg: It is in use.');
    await waitFor(() => expect(within(itemOf('old-tent.jpg')).getByTestId('media-usage')).toHaveTextContent('Logo and banner'));
    expect(screen.getByTestId('media-remove-dialog')).toHaveTextContent('Nothing was removed.');
    expect(screen.queryByRole('button', { name: 'Remove old-tent.jpg' })).not.toBeInTheDocument();
  });

  it('asks the server for the filters in the URL, and puts “Only unused” in the URL', async () => {
    const { lists } = serveMedia([OLD_TENT]);
    renderPage(`q=tent&vendor_id=${KAROO.id}&kind=image&page=2`);

    await screen.findByTestId('media-count');
    expect(lists[0]).toBe(`?q=tent&vendor_id=${KAROO.id}&kind=image&page=2&per_page=24`);
    expect(screen.getByLabelText('Kind')).toHaveValue('image');
    await waitFor(() => expect(screen.getByLabelText('Store')).toHaveDisplayValue('Karoo Outdoor Co.'));

    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Only unused' }));
    expect(replace).toHaveBeenLastCalledWith(`/admin/media/?q=tent&vendor_id=${KAROO.id}&kind=image&unused=true`, {
      scroll: false,
    });
    await user.selectOptions(screen.getByLabelText('Kind'), 'Videos');
    expect(replace).toHaveBeenLastCalledWith(`/admin/media/?q=tent&vendor_id=${KAROO.id}&kind=video`, { scroll: false });
  });

  it('requests unused=true with “Only unused”, and says when everything is in use', async () => {
    const { lists } = serveMedia([BOOT, LOGO]);
    renderPage('unused=true');

    expect(await screen.findByRole('heading', { name: 'Nothing unused: every item is in use' })).toBeInTheDocument();
    expect(lists).toEqual(['?unused=true&page=1&per_page=24']);
    expect(screen.getByRole('checkbox', { name: 'Only unused' })).toBeChecked();
  });

  it('says when nothing matches the search', async () => {
    serveMedia([]);
    renderPage('q=kayak');
    expect(await screen.findByRole('heading', { name: 'No media matches' })).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    server.use(
      http.get('*/api/v1/admin/vendors', () => HttpResponse.json({ vendors: [], total: 0 })),
      http.get('*/api/v1/admin/media', () =>
        HttpResponse.json({ error: { code: 'forbidden', message: 'Admins only' } }, { status: 403 }),
      ),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Admins only');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
