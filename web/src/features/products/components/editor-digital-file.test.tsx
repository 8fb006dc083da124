import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePathname, useRouter } from 'next/navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { ProductFile, ProductFormBody, VendorProduct } from '@/features/products/api/vendor-product-types';
import { EditProductPage, NewProductPage } from '@/features/products/components/product-editor-page';
import { fileLine } from '@/features/products/components/editor-digital-file';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { CATEGORIES, digitalProduct, PLATFORM_ATTRIBUTES, vendorProduct } from '@/test/vendor-products';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), usePathname: vi.fn() }));

const ID = digitalProduct().id;

beforeEach(() => {
  vi.mocked(useRouter).mockReturnValue({ replace: vi.fn(), push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
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

/**
 * A file as the browser hands it over. Node's File, not jsdom's: the fetch under test (Node's)
 * sends only its own Blobs as bytes.
 */
function file(bits: BlobPart[], name: string, type = 'application/pdf'): File {
  return new NodeFile(bits as never, name, { type }) as unknown as File;
}

interface Upload {
  filename: string | null;
  type: string | null;
  auth: string | null;
  bytes: number[];
}

type Failure = { status: number; code: string; message: string };

/**
 * The API as the editor sees it: GET answers the product as it is now; PUT …/file stores the file
 * (or answers the next of `uploadFailures`), DELETE …/file removes it; both move the version on,
 * as the API does. Saves answer the product as sent and record the bodies.
 */
function serveApi(start: VendorProduct, { uploadFailures = [] as Failure[], deleteFailures = [] as Failure[] } = {}) {
  let product = start;
  const uploads: Upload[] = [];
  const deletes: string[] = [];
  const saves: ProductFormBody[] = [];
  let gets = 0;
  const failure = (next: Failure) =>
    HttpResponse.json({ error: { code: next.code, message: next.message } }, { status: next.status });
  server.use(
    http.get('*/api/v1/vendor/products/:id', () => {
      gets += 1;
      return HttpResponse.json(product);
    }),
    http.put('*/api/v1/vendor/products/:id/file', async ({ request, params }) => {
      const url = new URL(request.url);
      const bytes = [...new Uint8Array(await request.arrayBuffer())];
      const filename = url.searchParams.get('filename');
      uploads.push({ filename, type: request.headers.get('content-type'), auth: request.headers.get('authorization'), bytes });
      expect(params.id).toBe(start.id);
      const next = uploadFailures.shift();
      if (next) return failure(next);
      const stored: ProductFile = { name: filename ?? 'download', bytes: bytes.length };
      product = { ...product, digital_file: stored, version: product.version + 1 };
      return HttpResponse.json(stored);
    }),
    http.delete('*/api/v1/vendor/products/:id/file', ({ params }) => {
      deletes.push(String(params.id));
      const next = deleteFailures.shift();
      if (next) return failure(next);
      product = { ...product, digital_file: null, version: product.version + 1 };
      return new HttpResponse(null, { status: 204 });
    }),
    http.put('*/api/v1/vendor/products/:id', async ({ request }) => {
      const body = (await request.json()) as ProductFormBody;
      saves.push(body);
      if (body.version !== product.version) {
        return HttpResponse.json(
          { error: { code: 'stale', message: 'This product was changed by someone else' } },
          { status: 409 },
        );
      }
      product = { ...product, brand: body.brand ?? product.brand, version: product.version + 1 };
      return HttpResponse.json(product);
    }),
  );
  return { uploads, deletes, saves, gets: () => gets, current: () => product };
}

function renderPage(page: React.ReactElement) {
  return renderWithQueryClient(
    <>
      {page}
      <Toaster />
    </>,
  );
}

async function fileSection() {
  const heading = await screen.findByRole('heading', { name: 'Download file' });
  return heading.closest('section') as HTMLElement;
}

describe('the product editor’s download file', () => {
  it('shows the file with its size and the private-link note, replaces it with the raw bytes, and saves with the new version', async () => {
    const api = serveApi(digitalProduct());
    renderPage(<EditProductPage />);
    const section = await fileSection();
    expect(within(section).getByTestId('current-file')).toHaveTextContent('Comrades plan.pdf · 1.2 MB');
    expect(section).toHaveTextContent('Buyers get a private link to it after paying, never a public address.');
    expect(within(section).queryByRole('button', { name: 'Upload a file' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    // A change in the form before the upload stays.
    const form = screen.getByRole('form', { name: 'Edit product' });
    await user.clear(within(form).getByLabelText('Brand'));
    await user.type(within(form).getByLabelText('Brand'), 'CTC');

    expect(within(section).getByRole('button', { name: 'Replace file' })).toBeEnabled();
    await user.upload(within(section).getByTestId('product-file-input'), file(['%PDF-1.7 plan'], 'Comrades plan v2.pdf'));

    await waitFor(() => expect(within(section).getByTestId('current-file')).toHaveTextContent('Comrades plan v2.pdf · 13 B'));
    expect(await screen.findByText('File replaced')).toBeInTheDocument();
    expect(api.uploads).toEqual([
      {
        filename: 'Comrades plan v2.pdf',
        type: 'application/octet-stream',
        auth: expect.stringMatching(/^Bearer /),
        bytes: [...new TextEncoder().encode('%PDF-1.7 plan')],
      },
    ]);
    // The product is read again after the upload.
    expect(api.gets()).toBe(2);
    expect(within(form).getByLabelText('Brand')).toHaveValue('CTC');

    // The save names the version after the upload, so it is not refused as stale.
    await user.click(within(form).getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Product saved')).toBeInTheDocument();
    expect(api.saves.map((body) => body.version)).toEqual([4]);
    expect(api.saves[0]).toMatchObject({ brand: 'CTC', product_type: 'digital' });
  });

  it('uploads a first file, saying so while it is under way, with Save held until it is done', async () => {
    const api = serveApi(digitalProduct({ digital_file: null }));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.put('*/api/v1/vendor/products/:id/file', async () => {
        await gate;
        return undefined;
      }),
    );
    renderPage(<EditProductPage />);
    const section = await fileSection();
    expect(within(section).getByTestId('no-file')).toHaveTextContent('No file yet');
    expect(within(section).queryByRole('button', { name: 'Remove file' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.upload(within(section).getByTestId('product-file-input'), file(['abc'], 'plan.zip', 'application/zip'));
    expect(await within(section).findByRole('status')).toHaveTextContent('Uploading plan.zip…');
    expect(within(section).getByRole('button', { name: 'Upload a file' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save product' })).toBeDisabled();

    release();
    await waitFor(() => expect(within(section).getByTestId('current-file')).toHaveTextContent('plan.zip · 3 B'));
    expect(await screen.findByText('File uploaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save product' })).toBeEnabled();
    expect(api.uploads.map((upload) => upload.filename)).toEqual(['plan.zip']);
    expect(api.current().version).toBe(4);
  });

  it('shows the API’s message when an upload is refused, and refuses an empty file without sending it', async () => {
    const api = serveApi(digitalProduct({ digital_file: null }), {
      uploadFailures: [
        { status: 413, code: 'too_large', message: 'A file can be at most 200 MB' },
        { status: 409, code: 'not_digital', message: 'Only digital products carry a file' },
      ],
    });
    renderPage(<EditProductPage />);
    const section = await fileSection();
    const user = userEvent.setup();
    const input = within(section).getByTestId('product-file-input');

    await user.upload(input, file(['x'], 'big.iso'));
    expect(await within(section).findByRole('alert')).toHaveTextContent('A file can be at most 200 MB');

    await user.upload(input, file(['x'], 'plan.pdf'));
    await waitFor(() => expect(within(section).getByRole('alert')).toHaveTextContent('Only digital products carry a file'));
    expect(within(section).getByTestId('no-file')).toBeInTheDocument();

    await user.upload(input, file([], 'empty.pdf'));
    expect(within(section).getByRole('alert')).toHaveTextContent('The file is empty');
    expect(api.uploads.map((upload) => upload.filename)).toEqual(['big.iso', 'plan.pdf']);
    // Nothing changed: the product was not read again.
    expect(api.gets()).toBe(1);
  });

  it('says what a bare 413 means when the body is not the API’s', async () => {
    serveApi(digitalProduct({ digital_file: null }));
    server.use(http.put('*/api/v1/vendor/products/:id/file', () => new HttpResponse('Payload Too Large', { status: 413 })));
    renderPage(<EditProductPage />);
    const section = await fileSection();
    const user = userEvent.setup();
    await user.upload(within(section).getByTestId('product-file-input'), file(['x'], 'big.iso'));
    expect(await within(section).findByRole('alert')).toHaveTextContent('A file can be at most 200 MB.');
  });

  it('removes the file after asking, and saves with the new version', async () => {
    const api = serveApi(digitalProduct());
    renderPage(<EditProductPage />);
    const section = await fileSection();
    const user = userEvent.setup();

    await user.click(within(section).getByRole('button', { name: 'Remove file' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Remove Comrades plan.pdf?');
    await user.click(within(section).getByRole('button', { name: 'Keep it' }));
    expect(api.deletes).toEqual([]);
    expect(within(section).getByTestId('current-file')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Remove file' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, remove the file' }));
    expect(await within(section).findByTestId('no-file')).toBeInTheDocument();
    expect(await screen.findByText('File removed')).toBeInTheDocument();
    expect(api.deletes).toEqual([ID]);
    expect(within(section).getByRole('button', { name: 'Upload a file' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Product saved')).toBeInTheDocument();
    expect(api.saves.map((body) => body.version)).toEqual([4]);
  });

  it('shows why a removal failed and keeps the file', async () => {
    serveApi(digitalProduct(), { deleteFailures: [{ status: 404, code: 'not_found', message: 'No such product' }] });
    renderPage(<EditProductPage />);
    const section = await fileSection();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Remove file' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, remove the file' }));
    await waitFor(() => expect(within(section).getByTestId('file-error')).toHaveTextContent('No such product'));
    expect(within(section).getByTestId('current-file')).toHaveTextContent('Comrades plan.pdf');
  });

  it('has no download file on a physical product, and asks to save first when it is switched to digital', async () => {
    vi.mocked(usePathname).mockReturnValue(`/vendor/products/${vendorProduct().id}/edit/`);
    serveApi(vendorProduct());
    renderPage(<EditProductPage />);
    const form = await screen.findByRole('form', { name: 'Edit product' });
    expect(screen.queryByRole('heading', { name: 'Download file' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: /^Digital/ }));
    const section = await fileSection();
    expect(within(section).getByTestId('file-not-saved')).toHaveTextContent('Save the product as digital first, then add its file.');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('a new digital product', () => {
  it('asks to save the product first, then add its file', async () => {
    renderPage(<NewProductPage />);
    const form = screen.getByRole('form', { name: 'New product' });
    expect(screen.queryByRole('heading', { name: 'Download file' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: /^Digital/ }));
    const section = await fileSection();
    expect(within(section).getByTestId('file-not-saved')).toHaveTextContent('Save the product first, then add its file.');
    expect(section).toHaveTextContent('Buyers get a private link to it after paying, never a public address.');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).queryByTestId('product-file-input')).not.toBeInTheDocument();
  });
});

describe('fileLine', () => {
  it('writes a file’s name and size as people read it', () => {
    expect(fileLine({ name: 'Comrades plan.pdf', bytes: 1_258_291 })).toBe('Comrades plan.pdf · 1.2 MB');
    expect(fileLine({ name: 'notes.txt', bytes: 640 })).toBe('notes.txt · 640 B');
  });
});
