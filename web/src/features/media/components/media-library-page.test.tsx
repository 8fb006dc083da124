import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { MediaLibraryPage } from '@/features/media/components/media-library-page';
import type { MediaItem } from '@/features/media/api/media-types';
import { storeSession } from '@/test/auth';
import { mediaItem, mediaList } from '@/test/media-library';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useSearchParams: vi.fn(), useRouter: vi.fn(), usePathname: vi.fn(() => '/vendor/media/') }));

function setSearch(search = '') {
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
}

const logo = mediaItem({
  renditions: [
    { width: 1280, url: '/media/v/cape-trail-co/logo-1280.webp' },
    { width: 320, url: '/media/v/cape-trail-co/logo-320.webp' },
    { width: 640, url: '/media/v/cape-trail-co/logo-640.webp' },
  ],
});
const fresh = mediaItem({
  id: '0190e000-0000-7000-8000-00000000m002',
  url: '/media/v/cape-trail-co/fresh.png',
  content_type: 'image/png',
  original_name: 'fresh.png',
  alt_text: '',
  renditions: [],
});
const clip = mediaItem({
  id: '0190e000-0000-7000-8000-00000000m003',
  kind: 'video',
  content_type: 'video/mp4',
  url: '/media/v/cape-trail-co/trail.mp4',
  original_name: 'trail.mp4',
  alt_text: 'A run up Lion’s Head',
  bytes: 12 * 1024 * 1024,
  width: null,
  height: null,
});

/** Serves the library: GET answers `items` (filtered by kind), and records each query string. */
function serveLibrary(items: () => MediaItem[], quota = 500 * 1024 * 1024) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/vendor/media', ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      const kind = url.searchParams.get('kind');
      const all = items();
      const shown = kind ? all.filter((item) => item.kind === kind) : all;
      return HttpResponse.json(mediaList(shown, { used_bytes: all.reduce((s, i) => s + i.bytes, 0), quota_bytes: quota }));
    }),
  );
  return queries;
}

function renderLibrary() {
  return renderWithQueryClient(
    <>
      <MediaLibraryPage />
      <Toaster />
    </>,
  );
}

/**
 * A file as the browser hands it over. Node's File, not jsdom's: the fetch under test (Node's)
 * sends only its own Blobs as bytes.
 */
function file(bits: BlobPart[], name: string, type: string): File {
  return new NodeFile(bits as never, name, { type }) as unknown as File;
}

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

beforeEach(() => {
  storeSession();
  setSearch();
});

describe('/vendor/media', () => {
  it('shows images with a srcset of their renditions, the original as src, and videos with controls', async () => {
    serveLibrary(() => [logo, fresh, clip]);
    renderLibrary();

    const cards = await screen.findAllByTestId('media-card');
    expect(cards).toHaveLength(3);

    const withRenditions = screen.getByRole('img', { name: 'Cape Trail Co mountain logo' });
    expect(withRenditions).toHaveAttribute('src', '/media/v/cape-trail-co/logo.jpg');
    expect(withRenditions).toHaveAttribute(
      'srcset',
      '/media/v/cape-trail-co/logo-320.webp 320w, /media/v/cape-trail-co/logo-640.webp 640w, /media/v/cape-trail-co/logo-1280.webp 1280w',
    );
    expect(withRenditions).toHaveAttribute('sizes');

    // Before the rendition job has run: the original only.
    // (No alt text yet: the picture is presentational until it has one.)
    const original = cards[1]!.querySelector('img');
    expect(original).toHaveAttribute('src', '/media/v/cape-trail-co/fresh.png');
    expect(original).not.toHaveAttribute('srcset');

    const video = cards[2]!.querySelector('video');
    expect(video).not.toBeNull();
    expect(video).toHaveAttribute('src', '/media/v/cape-trail-co/trail.mp4');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(within(cards[2]!).getByText('Video · 12 MB')).toBeInTheDocument();

    // 240 KB + 240 KB + 12 MB of 500 MB.
    expect(screen.getByTestId('media-usage')).toHaveTextContent('12.5 MB of 500 MB used');
    expect(screen.getByRole('meter', { name: 'Storage' })).toHaveAttribute('aria-valuetext', '12.5 MB of 500 MB used');
  });

  it('filters by kind from the URL', async () => {
    setSearch('kind=video');
    const queries = serveLibrary(() => [logo, clip]);
    renderLibrary();

    const cards = await screen.findAllByTestId('media-card');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveAttribute('data-kind', 'video');
    expect(queries).toEqual(['?kind=video&page=1&per_page=50']);
    const tabs = screen.getByRole('navigation', { name: 'Kind of media' });
    expect(within(tabs).getByRole('link', { name: 'Videos' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Images' })).toHaveAttribute('href', '/vendor/media/?kind=image');
  });

  it('uploads each chosen file as the raw body, showing the server’s reasons for refusing one (415, 413)', async () => {
    let items = [logo];
    serveLibrary(() => items);
    const received: { filename: string | null; alt: string | null; type: string | null; auth: string | null; size: number }[] = [];
    server.use(
      http.post('*/api/v1/vendor/media', async ({ request }) => {
        const url = new URL(request.url);
        const filename = url.searchParams.get('filename');
        const body = await request.arrayBuffer();
        received.push({
          filename,
          alt: url.searchParams.get('alt'),
          type: request.headers.get('content-type'),
          auth: request.headers.get('authorization'),
          size: body.byteLength,
        });
        if (filename === 'notes.png') {
          return HttpResponse.json(
            { error: { code: 'unsupported_type', message: 'Upload JPEG, PNG or WebP pictures, or MP4 or WebM videos' } },
            { status: 415 },
          );
        }
        if (filename === 'huge.jpg') {
          return HttpResponse.json(
            { error: { code: 'too_large', message: 'Pictures can be up to 10 MB' } },
            { status: 413 },
          );
        }
        items = [...items, fresh];
        return HttpResponse.json(fresh, { status: 201 });
      }),
    );
    renderLibrary();
    expect(await screen.findAllByTestId('media-card')).toHaveLength(1);

    const user = userEvent.setup();
    await user.upload(screen.getByTestId('media-file-input'), [
      file(['%PDF-1.7'], 'notes.png', 'image/png'),
      file([new Uint8Array(2048)], 'huge.jpg', 'image/jpeg'),
      file([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'fresh.png', 'image/png'),
    ]);

    const uploads = screen.getByRole('list', { name: 'Uploads' });
    await waitFor(() =>
      expect(within(uploads).getAllByTestId('upload').map((row) => row.getAttribute('data-status'))).toEqual([
        'error',
        'error',
        'done',
      ]),
    );
    const [notes, huge, done] = within(uploads).getAllByTestId('upload') as [HTMLElement, HTMLElement, HTMLElement];
    expect(notes).toHaveTextContent('notes.png');
    expect(within(notes).getByTestId('upload-error')).toHaveTextContent('Upload JPEG, PNG or WebP pictures, or MP4 or WebM videos');
    expect(within(huge).getByTestId('upload-error')).toHaveTextContent('Pictures can be up to 10 MB');
    expect(done).toHaveTextContent('Uploaded');

    // One request per file, in order, with the file's bytes and type, signed in.
    expect(received).toEqual([
      { filename: 'notes.png', alt: '', type: 'image/png', auth: expect.stringMatching(/^Bearer /), size: 8 },
      { filename: 'huge.jpg', alt: '', type: 'image/jpeg', auth: expect.stringMatching(/^Bearer /), size: 2048 },
      { filename: 'fresh.png', alt: '', type: 'image/png', auth: expect.stringMatching(/^Bearer /), size: 4 },
    ]);
    // The library is read again and shows the new file.
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Clear finished uploads' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it('says what a bare 413 means when the body is not the API’s', async () => {
    serveLibrary(() => []);
    server.use(http.post('*/api/v1/vendor/media', () => new HttpResponse('Payload Too Large', { status: 413 })));
    renderLibrary();
    expect(await screen.findByRole('heading', { name: 'No media yet' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.upload(screen.getByTestId('media-file-input'), file(['x'], 'big.mp4', 'video/mp4'));
    expect(await screen.findByTestId('upload-error')).toHaveTextContent(
      'This file is too large: pictures up to 10 MB, videos up to 100 MB.',
    );
  });

  it('saves alt text with PATCH', async () => {
    let items = [fresh];
    serveLibrary(() => items);
    const patched: unknown[] = [];
    server.use(
      http.patch('*/api/v1/vendor/media/:id', async ({ params, request }) => {
        const body = (await request.json()) as { alt_text: string };
        patched.push({ id: params.id, body });
        items = [{ ...fresh, alt_text: body.alt_text }];
        return HttpResponse.json(items[0]);
      }),
    );
    renderLibrary();

    const form = await screen.findByRole('form', { name: 'Alt text for fresh.png' });
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Alt text'), '  A red trail shoe  ');
    await user.click(save);

    expect(await screen.findByText('Alt text saved')).toBeInTheDocument();
    expect(patched).toEqual([{ id: fresh.id, body: { alt_text: 'A red trail shoe' } }]);
    expect(await screen.findByRole('img', { name: 'A red trail shoe' })).toBeInTheDocument();
  });

  it('deletes only after confirming', async () => {
    let items = [logo, fresh];
    serveLibrary(() => items);
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/v1/vendor/media/:id', ({ params }) => {
        deleted.push(String(params.id));
        items = items.filter((item) => item.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderLibrary();

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete fresh.png' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete fresh.png?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete fresh.png' }));
    dialog = screen.getByRole('dialog', { name: 'Delete fresh.png?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([fresh.id]);
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(1));
  });
});
