import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { uploadFile } from '@/lib/api/upload';
import { sessionResponse, storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';

// Node's File: the fetch under test (Node's) sends only its own Blobs as bytes.
const photo = () => new NodeFile([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'photo.jpg', { type: 'image/jpeg' }) as unknown as File;

describe('uploadFile', () => {
  it('POSTs the file’s bytes with its type and the bearer token, and returns the JSON answer', async () => {
    storeSession();
    let seen: { type: string | null; auth: string | null; bytes: number[]; search: string } | null = null;
    server.use(
      http.post('*/api/v1/uploads', async ({ request }) => {
        seen = {
          type: request.headers.get('content-type'),
          auth: request.headers.get('authorization'),
          bytes: [...new Uint8Array(await request.arrayBuffer())],
          search: new URL(request.url).search,
        };
        return HttpResponse.json({ id: 'm1' }, { status: 201 });
      }),
    );
    await expect(uploadFile('/api/v1/uploads', photo(), { query: { filename: 'photo.jpg', alt: 'A view' } })).resolves.toEqual({
      id: 'm1',
    });
    expect(seen).toEqual({
      type: 'image/jpeg',
      auth: expect.stringMatching(/^Bearer /),
      bytes: [0xff, 0xd8, 0xff, 0xe0],
      search: '?filename=photo.jpg&alt=A+view',
    });
  });

  it('sends the file again with fresh tokens after a 401', async () => {
    storeSession();
    const fresh = sessionResponse({ label: 'fresh' });
    server.use(http.post('*/auth/v1/token', () => HttpResponse.json(fresh)));
    const tokens: (string | null)[] = [];
    const sizes: number[] = [];
    server.use(
      http.post('*/api/v1/uploads', async ({ request }) => {
        tokens.push(request.headers.get('authorization'));
        sizes.push((await request.arrayBuffer()).byteLength);
        return tokens.length === 1
          ? HttpResponse.json({ error: { code: 'unauthorized', message: 'Expired' } }, { status: 401 })
          : HttpResponse.json({ id: 'm2' }, { status: 201 });
      }),
    );
    await expect(uploadFile('/api/v1/uploads', photo())).resolves.toEqual({ id: 'm2' });
    expect(tokens[1]).toBe(`Bearer ${fresh.access_token}`);
    expect(sizes).toEqual([4, 4]);
  });

  it('fails with ApiError carrying the API’s code and message', async () => {
    server.use(
      http.post('*/api/v1/uploads', () =>
        HttpResponse.json({ error: { code: 'quota_exceeded', message: 'Only 2 MB left in your library' } }, { status: 409 }),
      ),
    );
    const error = await uploadFile('/api/v1/uploads', photo()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'quota_exceeded', message: 'Only 2 MB left in your library' });
  });
});
