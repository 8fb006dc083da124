import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePathname, useRouter } from 'next/navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { ProductFormBody, VendorProduct } from '@/features/products/api/vendor-product-types';
import { EditProductPage, NewProductPage } from '@/features/products/components/product-editor-page';
import { storeSession } from '@/test/auth';
import { mediaItem, mediaList } from '@/test/media-library';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { CATEGORIES, PLATFORM_ATTRIBUTES, vendorProduct, vendorVariation } from '@/test/vendor-products';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), usePathname: vi.fn() }));

const ID = '0190f000-0000-7000-8000-00000000p001';
let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  vi.mocked(usePathname).mockReturnValue(`/vendor/products/${ID}/edit/`);
  storeSession();
  server.use(
    http.get('*/api/v1/categories', () => HttpResponse.json(CATEGORIES)),
    http.get('*/api/v1/vendor/attributes', () => HttpResponse.json(PLATFORM_ATTRIBUTES)),
  );
});

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

type Answer = VendorProduct | { status: number; code: string; message: string; fields?: Record<string, string> };

/**
 * Serves the product (GET answers the next of `reads`, then the last one again) and answers each
 * save with the next of `answers`, recording the bodies sent.
 */
function serveProduct(reads: VendorProduct[], answers: Answer[] = []) {
  const sent: ProductFormBody[] = [];
  let gets = 0;
  const answer = async (request: Request) => {
    sent.push((await request.json()) as ProductFormBody);
    const next = answers.shift();
    if (next && 'code' in next) {
      return HttpResponse.json(
        { error: { code: next.code, message: next.message, fields: next.fields } },
        { status: next.status },
      );
    }
    return HttpResponse.json(next ?? reads[reads.length - 1], { status: request.method === 'POST' ? 201 : 200 });
  };
  server.use(
    http.get('*/api/v1/vendor/products/:id', () => {
      gets += 1;
      return HttpResponse.json(reads[Math.min(gets, reads.length) - 1]);
    }),
    http.put('*/api/v1/vendor/products/:id', ({ request }) => answer(request)),
    http.post('*/api/v1/vendor/products', ({ request }) => answer(request)),
  );
  return { sent, gets: () => gets };
}

/** The product's price (the variations' own prices come after it). */
function productPrice(form: HTMLElement): HTMLElement {
  return within(form).getAllByLabelText('Price (R)')[0]!;
}

function renderPage(page: React.ReactElement) {
  return renderWithQueryClient(
    <>
      {page}
      <Toaster />
    </>,
  );
}

const withSizes = vendorProduct({
  variations: [
    vendorVariation(),
    vendorVariation({ id: 'v-2', sku: 'CTC-TEE-L', name: 'L', attributes: [{ name: 'Size', value: 'L' }], stock_quantity: 3 }),
  ],
});

describe('the product editor', () => {
  it('shows the API’s field errors under their inputs, the variations’ too, and sums them up at the top', async () => {
    const { sent } = serveProduct(
      [withSizes],
      [
        {
          status: 400,
          code: 'bad_request',
          message: 'must have at most 2 decimals',
          fields: {
            price: 'must have at most 2 decimals',
            'variations[1].sku': "must be at most 64 letters, digits, '-', '_' or '.'",
            'variations.sku': 'SKU CTC-TEE-M already belongs to product \'OVR Tee\'',
          },
        },
      ],
    );
    renderPage(<EditProductPage />);
    const form = await screen.findByRole('form', { name: 'Edit product' });
    expect(screen.getByRole('heading', { level: 1, name: 'Cape Trail Tee' })).toBeInTheDocument();
    expect(productPrice(form)).toHaveValue('349.00');
    expect(within(form).getByLabelText('Category')).toHaveValue('apparel');
    const rows = within(form).getAllByTestId('variation-row');
    expect(rows).toHaveLength(2);
    // With variations, the SKU and stock are theirs.
    expect(within(form).queryByTestId('own-stock')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Save product' }));

    const summary = await screen.findByTestId('save-problem');
    expect(summary).toHaveTextContent('The product was not saved: some fields need attention.');
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Price must have at most 2 decimals',
      "Variation 2: SKU must be at most 64 letters, digits, '-', '_' or '.'",
      "SKU CTC-TEE-M already belongs to product 'OVR Tee'",
    ]);
    const price = productPrice(form);
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription('Price must have at most 2 decimals');
    // The first field in error has the focus.
    expect(price).toHaveFocus();
    const secondSku = within(rows[1]!).getByLabelText('SKU');
    expect(secondSku).toHaveAttribute('aria-invalid', 'true');
    expect(secondSku).toHaveAccessibleDescription("SKU must be at most 64 letters, digits, '-', '_' or '.'");
    expect(within(rows[0]!).getByLabelText('SKU')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('variations-error')).toHaveTextContent("SKU CTC-TEE-M already belongs to product 'OVR Tee'");

    // What was sent: the version read, and the variations exactly.
    expect(sent[0]).toMatchObject({ version: 3, sku: null, stock_quantity: null });
    expect(sent[0]?.variations?.map((variation) => variation.sku)).toEqual(['CTC-TEE-M', 'CTC-TEE-L']);
  });

  it('says when someone else changed the product, and loads the latest version on request', async () => {
    const latest = vendorProduct({ name: 'Cape Trail Tee (2026)', version: 4 });
    const { sent, gets } = serveProduct(
      [vendorProduct(), latest],
      [{ status: 409, code: 'stale', message: 'This product was changed by someone else' }, latest],
    );
    renderPage(<EditProductPage />);
    const form = await screen.findByRole('form', { name: 'Edit product' });
    const user = userEvent.setup();
    await user.clear(within(form).getByLabelText('Brand'));
    await user.type(within(form).getByLabelText('Brand'), 'CTC');
    await user.click(within(form).getByRole('button', { name: 'Save product' }));

    const alert = await screen.findByTestId('save-problem');
    expect(alert).toHaveTextContent('This product was changed by someone else');
    expect(alert).toHaveFocus();
    // Nothing is kept silently: the change stays in the form until the vendor chooses.
    expect(within(form).getByLabelText('Brand')).toHaveValue('CTC');
    expect(gets()).toBe(1);

    await user.click(within(alert).getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveValue('Cape Trail Tee (2026)'));
    expect(gets()).toBe(2);
    expect(within(form).getByLabelText('Brand')).toHaveValue('Cape Trail Co');
    expect(screen.queryByTestId('save-problem')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Product saved')).toBeInTheDocument();
    expect(sent.map((body) => body.version)).toEqual([3, 4]);
  });

  it('sends a vendor behind on the agreement to their contracts', async () => {
    serveProduct(
      [vendorProduct()],
      [{ status: 409, code: 'agreement_required', message: 'Accept the current vendor agreement before publishing products' }],
    );
    renderPage(<EditProductPage />);
    const form = await screen.findByRole('form', { name: 'Edit product' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: /^Active/ }));
    await user.click(within(form).getByRole('button', { name: 'Save product' }));
    const alert = await screen.findByTestId('save-problem');
    expect(alert).toHaveTextContent('Accept the current vendor agreement before publishing products');
    expect(within(alert).getByRole('link', { name: 'Go to your contracts' })).toHaveAttribute('href', '/vendor/contracts/');
  });

  it('orders, describes and removes pictures, and keeps video links', async () => {
    const { sent } = serveProduct([
      vendorProduct({
        images: [
          { url: '/media/v/cape-trail-co/front.jpg', alt: 'Front' },
          { url: '/media/v/cape-trail-co/back.jpg', alt: 'Back' },
          { url: '/media/v/cape-trail-co/side.jpg', alt: '' },
        ],
        videos: ['/media/v/cape-trail-co/run.mp4'],
      }),
    ]);
    renderPage(<EditProductPage />);
    const form = await screen.findByRole('form', { name: 'Edit product' });
    const user = userEvent.setup();
    expect(within(form).getByRole('button', { name: 'Move picture 1 up' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Move picture 2 up' }));
    await user.click(within(form).getByRole('button', { name: 'Remove picture 3' }));
    await user.type(within(form).getByLabelText('Alt text of picture 2'), ', seen from the front');
    await user.click(within(form).getByRole('button', { name: 'Add a video link' }));
    await user.type(within(form).getByLabelText('Link of video 2'), 'https://videos.example.com/tee');
    await user.click(within(form).getByRole('button', { name: 'Save product' }));
    await screen.findByText('Product saved');
    expect(sent[0]).toMatchObject({
      images: [
        { url: '/media/v/cape-trail-co/back.jpg', alt: 'Back' },
        { url: '/media/v/cape-trail-co/front.jpg', alt: 'Front, seen from the front' },
      ],
      videos: ['/media/v/cape-trail-co/run.mp4', 'https://videos.example.com/tee'],
      // Without variations: the product's own SKU and stock.
      sku: 'CTC-TEE',
      stock_quantity: 12,
      variations: [],
    });
  });

  it('reads the sale window into the vendor’s local time and sends it back in UTC, an empty end as none', async () => {
    const starts = new Date(2026, 11, 1, 9, 0).toISOString();
    const ends = new Date(2026, 11, 24, 18, 30).toISOString();
    const { sent } = serveProduct([vendorProduct({ sale_price_cents: 29900, sale_starts_at: starts, sale_ends_at: ends })]);
    renderPage(<EditProductPage />);
    const form = await screen.findByRole('form', { name: 'Edit product' });
    const window = within(form).getByRole('group', { name: 'Sale window (optional)' });
    expect(within(window).getByLabelText('Sale starts')).toHaveValue('2026-12-01T09:00');
    expect(within(window).getByLabelText('Sale ends')).toHaveValue('2026-12-24T18:30');

    fireEvent.change(within(window).getByLabelText('Sale starts'), { target: { value: '2026-12-02T08:15' } });
    fireEvent.change(within(window).getByLabelText('Sale ends'), { target: { value: '' } });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Save product' }));
    await screen.findByText('Product saved');
    expect(sent[0]).toMatchObject({
      sale_price: '299.00',
      sale_starts_at: new Date(2026, 11, 2, 8, 15).toISOString(),
      sale_ends_at: null,
    });
  });

  it('sends no window when there is none, and shows the API’s sale window errors under their inputs', async () => {
    const { sent } = serveProduct(
      [vendorProduct({ sale_price_cents: 29900 })],
      [
        {
          status: 400,
          code: 'validation_failed',
          message: 'must be after the sale starts',
          fields: { sale_ends_at: 'must be after the sale starts', sale_starts_at: 'a sale window needs a sale price' },
        },
      ],
    );
    renderPage(<EditProductPage />);
    const form = await screen.findByRole('form', { name: 'Edit product' });
    expect(within(form).getByLabelText('Sale starts')).toHaveValue('');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Save product' }));

    const summary = await screen.findByTestId('save-problem');
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sale end must be after the sale starts',
      'A sale window needs a sale price',
    ]);
    const starts = within(form).getByLabelText('Sale starts');
    expect(starts).toHaveAttribute('aria-invalid', 'true');
    expect(starts).toHaveAccessibleDescription(expect.stringContaining('A sale window needs a sale price'));
    expect(within(form).getByLabelText('Sale ends')).toHaveAccessibleDescription(
      expect.stringContaining('Sale end must be after the sale starts'),
    );
    expect(sent[0]).toMatchObject({ sale_starts_at: null, sale_ends_at: null });
  });

  it('checks the sale window before sending: it needs a sale price and ends after it starts', async () => {
    const { sent } = serveProduct([vendorProduct()]);
    renderPage(<EditProductPage />);
    const form = await screen.findByRole('form', { name: 'Edit product' });
    fireEvent.change(within(form).getByLabelText('Sale starts'), { target: { value: '2026-12-02T08:00' } });
    fireEvent.change(within(form).getByLabelText('Sale ends'), { target: { value: '2026-12-01T08:00' } });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Save product' }));

    expect(await within(form).findByText('A sale window needs a sale price')).toBeInTheDocument();
    expect(within(form).getByLabelText('Sale ends')).toHaveAccessibleDescription(
      expect.stringContaining('Sale end must be after the sale starts'),
    );
    expect(sent).toEqual([]);
  });

  it('says so when a product that does not belong to the store is asked for', async () => {
    server.use(
      http.get('*/api/v1/vendor/products/:id', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'No such product' } }, { status: 404 }),
      ),
    );
    renderPage(<EditProductPage />);
    expect(await screen.findByRole('heading', { name: 'This product is not in your store' })).toBeInTheDocument();
  });
});

describe('a new product', () => {
  it('generates every combination of two attributes, takes a picture from the library, and opens the saved product', async () => {
    const logo = mediaItem();
    server.use(http.get('*/api/v1/vendor/media', () => HttpResponse.json(mediaList([logo]))));
    const created = vendorProduct({ id: 'new-id', name: 'Trail Tee', status: 'pending_review', version: 1 });
    const { sent } = serveProduct([created], [created]);
    renderPage(<NewProductPage />);

    const form = screen.getByRole('form', { name: 'New product' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Name'), 'Trail Tee');
    await user.type(within(form).getByLabelText('Price (R)'), '349');

    // Two of the platform's attributes, two values each.
    const builder = within(form).getByTestId('attribute-builder');
    await waitFor(() => expect(within(builder).getByLabelText('Attribute')).toHaveValue('Size'));
    await user.click(within(builder).getByRole('button', { name: 'Add attribute' }));
    const size = within(builder).getByRole('group', { name: 'Size' });
    await user.click(within(size).getByLabelText('M'));
    await user.click(within(size).getByLabelText('L'));
    expect(within(builder).getByLabelText('Attribute')).toHaveValue('Colour');
    await user.click(within(builder).getByRole('button', { name: 'Add attribute' }));
    const colour = within(builder).getByRole('group', { name: 'Colour' });
    await user.click(within(colour).getByLabelText('Black'));
    // A value of the product's own.
    await user.type(within(colour).getByLabelText('Another colour value'), 'Teal{Enter}');
    expect(within(colour).getByLabelText('Teal')).toBeChecked();

    await user.click(within(form).getByRole('button', { name: 'Generate variations' }));
    const rows = within(form).getAllByTestId('variation-row');
    expect(rows.map((row) => row.querySelector('legend')?.textContent)).toEqual([
      'Variation 1: M / Black',
      'Variation 2: M / Teal',
      'Variation 3: L / Black',
      'Variation 4: L / Teal',
    ]);
    expect(rows.map((row) => within(row).getByLabelText<HTMLInputElement>('SKU').value)).toEqual([
      'TRAIL-TEE-M-BLACK',
      'TRAIL-TEE-M-TEAL',
      'TRAIL-TEE-L-BLACK',
      'TRAIL-TEE-L-TEAL',
    ]);
    expect(screen.getByTestId('variations-announcement')).toHaveTextContent('4 variations, 4 new.');
    expect(within(form).queryByTestId('own-stock')).not.toBeInTheDocument();
    await user.clear(within(rows[3]!).getByLabelText('Price (R)'));
    await user.type(within(rows[3]!).getByLabelText('Price (R)'), '399');
    await user.click(within(rows[1]!).getByRole('button', { name: /^Remove variation 2/ }));
    expect(within(form).getAllByTestId('variation-row')).toHaveLength(3);

    // A picture from the media library, with its alt text.
    await user.click(within(form).getByRole('button', { name: 'Add a picture' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a picture' });
    await user.click(await within(picker).findByRole('button', { name: 'Choose Cape Trail Co mountain logo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(form).getByLabelText('Alt text of picture 1')).toHaveValue('Cape Trail Co mountain logo');

    await user.click(within(form).getByRole('radio', { name: /^Active/ }));
    await user.click(within(form).getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/vendor/products/new-id/edit/'));
    expect(await screen.findByText('Product created')).toBeInTheDocument();
    expect(screen.getByTestId('pending-review')).toHaveTextContent('Waiting for review — it goes on sale once an admin approves it.');
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('version');
    expect(sent[0]).toMatchObject({
      name: 'Trail Tee',
      price: '349',
      status: 'active',
      sku: null,
      images: [{ url: '/media/v/cape-trail-co/logo.jpg', alt: 'Cape Trail Co mountain logo' }],
    });
    expect(sent[0]?.variations).toEqual([
      expect.objectContaining({
        sku: 'TRAIL-TEE-M-BLACK',
        name: 'M / Black',
        attributes: [
          { name: 'Size', value: 'M' },
          { name: 'Colour', value: 'Black' },
        ],
        price: null,
        stock_quantity: 0,
        enabled: true,
      }),
      expect.objectContaining({ sku: 'TRAIL-TEE-L-BLACK' }),
      expect.objectContaining({ sku: 'TRAIL-TEE-L-TEAL', price: '399' }),
    ]);
  });

  it('checks the price before sending', async () => {
    const { sent } = serveProduct([vendorProduct()]);
    renderPage(<NewProductPage />);
    const form = screen.getByRole('form', { name: 'New product' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Price (R)'), '12.345');
    await user.type(within(form).getByLabelText('SEO title'), 'Trail');
    expect(within(form).getByText('5 of 70 characters')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create product' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Price (R)')).toHaveAccessibleDescription('Use an amount like 499.00');
    expect(sent).toEqual([]);
  });
});
