import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePathname, useRouter } from 'next/navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { ProductFormBody, VendorProduct } from '@/features/products/api/vendor-product-types';
import type { AdminEditedProduct, AdminMediaItem } from '@/features/admin/api/products';
import { AdminEditProductPage } from '@/features/admin/components/admin-product-editor-page';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { CATEGORIES, digitalProduct, vendorProduct } from '@/test/vendor-products';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), usePathname: vi.fn() }));

const ID = vendorProduct().id;
const STORE_ID = '0190d000-0000-7000-8000-00000000c002';

/** The platform's attributes as the admin's own list has them (GET /api/v1/admin/global-attributes). */
const GLOBAL_ATTRIBUTES = {
  attributes: [
    { id: '0190a000-0000-7000-8000-0000000000a1', name: 'Size', position: 1, values: ['S', 'M', 'L'], version: 1 },
    { id: '0190a000-0000-7000-8000-0000000000a2', name: 'Material', position: 2, values: ['Cotton', 'Merino'], version: 2 },
  ],
};

function edited(product: VendorProduct): AdminEditedProduct {
  return { vendor_id: STORE_ID, vendor_name: 'Cape Trail Co', product };
}

function storeImage(overrides: Partial<AdminMediaItem> = {}): AdminMediaItem {
  return {
    id: '0190e000-0000-7000-8000-00000000m001',
    kind: 'image',
    content_type: 'image/jpeg',
    bytes: 245_760,
    url: '/media/v/cape-trail-co/back.jpg',
    thumbnail_url: '/media/v/cape-trail-co/back-320.webp',
    alt_text: 'The tee from the back',
    original_name: 'back.jpg',
    created_at: '2026-03-06T09:00:00Z',
    product_uses: 0,
    store_uses: 0,
    vendor_id: STORE_ID,
    vendor_name: 'Cape Trail Co',
    ...overrides,
  };
}

type Failure = { status: number; code: string; message: string; fields?: Record<string, string> };

/**
 * The admin's API for one product: GET answers the next of `reads` (then the last one again),
 * each PUT the next of `answers` (else the product as last read, a version on); the bodies sent,
 * the reads and any call to the vendor's attribute list (which refuses admins) are recorded.
 */
function serveApi(reads: VendorProduct[], answers: (VendorProduct | Failure)[] = []) {
  const sent: ProductFormBody[] = [];
  const vendorCalls: string[] = [];
  let gets = 0;
  server.use(
    http.get('*/api/v1/categories', () => HttpResponse.json(CATEGORIES)),
    http.get('*/api/v1/admin/global-attributes', () => HttpResponse.json(GLOBAL_ATTRIBUTES)),
    http.get('*/api/v1/vendor/*', ({ request }) => {
      vendorCalls.push(new URL(request.url).pathname);
      return HttpResponse.json({ error: { code: 'forbidden', message: 'Vendors only' } }, { status: 403 });
    }),
    http.get('*/api/v1/admin/products/:id', () => {
      gets += 1;
      return HttpResponse.json(edited(reads[Math.min(gets, reads.length) - 1]!));
    }),
    http.put('*/api/v1/admin/products/:id', async ({ request, params }) => {
      const body = (await request.json()) as ProductFormBody;
      sent.push(body);
      expect(params.id).toBe(ID);
      const next = answers.shift();
      if (next && 'code' in next) {
        return HttpResponse.json(
          { error: { code: next.code, message: next.message, fields: next.fields } },
          { status: next.status },
        );
      }
      const last = reads[reads.length - 1]!;
      return HttpResponse.json(edited(next ?? { ...last, brand: body.brand ?? last.brand, version: last.version + 1 }));
    }),
  );
  return { sent, vendorCalls, gets: () => gets };
}

function renderPage() {
  return renderWithQueryClient(
    <>
      <AdminEditProductPage />
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  vi.mocked(useRouter).mockReturnValue({ replace: vi.fn(), push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  vi.mocked(usePathname).mockReturnValue(`/admin/products/${ID}/edit/`);
  storeSession();
});

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

describe('/admin/products/{id}/edit', () => {
  it('loads the store’s product and saves it with PUT /admin/products/{id}, sending the version read', async () => {
    const { sent, vendorCalls } = serveApi([vendorProduct()]);
    renderPage();

    const form = await screen.findByRole('form', { name: 'Edit product' });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit product' })).toBeInTheDocument();
    expect(screen.getByTestId('edited-in-store')).toHaveTextContent('Cape Trail Tee in Cape Trail Co');
    expect(screen.getByRole('link', { name: 'All products' })).toHaveAttribute('href', '/admin/products/');
    expect(within(form).getByLabelText('Name')).toHaveValue('Cape Trail Tee');
    // An admin's "active" needs no review.
    expect(within(form).getByRole('radio', { name: /^Active/ })).toHaveAccessibleName(expect.stringContaining('needs no review'));

    const user = userEvent.setup();
    await user.clear(within(form).getByLabelText('Brand'));
    await user.type(within(form).getByLabelText('Brand'), 'CTC');
    await user.click(within(form).getByRole('button', { name: 'Save product' }));

    expect(await screen.findByText('Product saved')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ version: 3, brand: 'CTC', name: 'Cape Trail Tee', sku: 'CTC-TEE' });
    expect(vendorCalls).toEqual([]);
  });

  it('says when someone else changed the product, and saves the latest version once it is loaded', async () => {
    const latest = vendorProduct({ name: 'Cape Trail Tee (2026)', version: 4 });
    const { sent, gets } = serveApi(
      [vendorProduct(), latest],
      [{ status: 409, code: 'stale', message: 'This product was changed by someone else' }],
    );
    renderPage();
    const form = await screen.findByRole('form', { name: 'Edit product' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Save product' }));

    const alert = await screen.findByTestId('save-problem');
    expect(alert).toHaveTextContent('This product was changed by someone else');
    expect(alert).toHaveTextContent('Your changes were not saved.');
    expect(gets()).toBe(1);

    await user.click(within(alert).getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveValue('Cape Trail Tee (2026)'));
    expect(gets()).toBe(2);
    expect(screen.queryByTestId('save-problem')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Product saved')).toBeInTheDocument();
    expect(sent.map((body) => body.version)).toEqual([3, 4]);
  });

  it('offers the platform’s attributes from /admin/global-attributes in the variation builder', async () => {
    const { vendorCalls } = serveApi([vendorProduct()]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Edit product' });
    const builder = within(form).getByTestId('attribute-builder');
    // Offered once the admin's list has loaded.
    const choice = await within(builder).findByLabelText('Attribute');
    expect(choice).toHaveValue('Size');
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['Size', 'Material']);

    const user = userEvent.setup();
    await user.selectOptions(choice, 'Material');
    await user.click(within(builder).getByRole('button', { name: 'Add attribute' }));
    const material = within(builder).getByRole('group', { name: 'Material' });
    expect(within(material).getByLabelText('Cotton')).not.toBeChecked();
    expect(within(material).getByLabelText('Merino')).toBeInTheDocument();
    expect(vendorCalls).toEqual([]);
  });

  it('picks a picture from the store’s library, with no upload', async () => {
    const { sent } = serveApi([vendorProduct()]);
    const libraryQueries: string[] = [];
    server.use(
      http.get('*/api/v1/admin/media', ({ request }) => {
        libraryQueries.push(new URL(request.url).search);
        return HttpResponse.json({ media: [storeImage()], total: { count: 1, capped: false } });
      }),
    );
    renderPage();
    const form = await screen.findByRole('form', { name: 'Edit product' });
    expect(within(form).getByText(/from Cape Trail Co’s media library/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Add a picture' }));

    const picker = await screen.findByRole('dialog', { name: 'Choose a picture' });
    expect(within(picker).queryByRole('button', { name: /upload/i })).not.toBeInTheDocument();
    await user.click(await within(picker).findByRole('button', { name: 'Choose The tee from the back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(libraryQueries).toEqual([`?vendor_id=${STORE_ID}&kind=image&per_page=100`]);
    expect(within(form).getByLabelText('Alt text of picture 2')).toHaveValue('The tee from the back');

    await user.click(within(form).getByRole('button', { name: 'Save product' }));
    await screen.findByText('Product saved');
    expect(sent[0]?.images).toEqual([
      { url: '/media/v/cape-trail-co/tee.jpg', alt: 'The tee, front' },
      { url: '/media/v/cape-trail-co/back.jpg', alt: 'The tee from the back' },
    ]);
  });

  it('shows a digital product’s file read only: the store’s vendor uploads it', async () => {
    serveApi([digitalProduct({ id: ID })]);
    renderPage();
    const heading = await screen.findByRole('heading', { name: 'Download file' });
    const section = heading.closest('section') as HTMLElement;
    expect(within(section).getByTestId('current-file')).toHaveTextContent('Comrades plan.pdf · 1.2 MB');
    expect(section).toHaveTextContent("The store's vendor uploads the file");
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells the admin when the store may not publish', async () => {
    serveApi(
      [vendorProduct()],
      [{ status: 409, code: 'agreement_required', message: 'Accept the current vendor agreement before publishing products' }],
    );
    renderPage();
    const form = await screen.findByRole('form', { name: 'Edit product' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: /^Active/ }));
    await user.click(within(form).getByRole('button', { name: 'Save product' }));
    const alert = await screen.findByTestId('save-problem');
    expect(alert).toHaveTextContent('Cape Trail Co has not accepted the current vendor agreement');
    expect(within(alert).queryByRole('link', { name: 'Go to your contracts' })).not.toBeInTheDocument();
  });

  it('says there is no such product, with the way back to the list', async () => {
    server.use(
      http.get('*/api/v1/admin/products/:id', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'No such product' } }, { status: 404 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No such product' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '/admin/products/');
  });
});
