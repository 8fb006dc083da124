import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import type { ProductImport } from '@/features/catalogue-import/api/import-types';
import { server } from '@/test/msw-server';

/**
 * Product imports as the API answers them, and a server that keeps them in memory as the API
 * does: an upload makes one being checked; each read of a running import moves it on as the test
 * says (`next`); confirm and discard move it as the API does (409 `not_checked` otherwise).
 */

export const IMPORT_ID = '0190f400-0000-7000-8000-000000000001';
export const OLD_IMPORT_ID = '0190f400-0000-7000-8000-000000000002';

export function productImport(overrides: Partial<ProductImport> = {}): ProductImport {
  return {
    id: IMPORT_ID,
    file_name: 'products.csv',
    format: 'shopify',
    format_name: 'Shopify CSV',
    status: 'checking',
    store: null,
    total: 5,
    done: 0,
    phase_started_at: '2026-12-09T09:00:00Z',
    check: null,
    result: null,
    error: null,
    rows: [],
    rows_total: 0,
    created_by: 'admin@bazaar.test',
    created_at: '2026-12-09T09:00:00Z',
    finished_at: null,
    ...overrides,
  };
}

/** A dry run of five products: three to create, one to update, one rejected. */
export function checkedImport(overrides: Partial<ProductImport> = {}): ProductImport {
  return productImport({
    status: 'checked',
    done: 5,
    check: { created: 3, updated: 1, unchanged: 0, rejected: 1 },
    rows: [
      { row: 7, slug: 'broken-mug', outcome: 'rejected', errors: [{ field: 'price', reason: 'must be a number' }, { field: 'name', reason: 'is empty' }] },
      { row: 2, slug: 'trail-tee', outcome: 'created', errors: [] },
      { row: 4, slug: 'trail-cap', outcome: 'created', errors: [] },
      { row: 5, slug: 'trail-sock', outcome: 'created', errors: [] },
      { row: 6, slug: 'old-hoodie', outcome: 'updated', errors: [] },
    ],
    rows_total: 5,
    finished_at: '2026-12-09T09:00:05Z',
    ...overrides,
  });
}

/** The same file imported: the rejected row skipped. */
export function doneImport(overrides: Partial<ProductImport> = {}): ProductImport {
  const checked = checkedImport();
  return {
    ...checked,
    status: 'done',
    done: 5,
    result: { created: 3, updated: 1, unchanged: 0, rejected: 1 },
    rows: checked.rows.map((row) => ({ ...row })),
    finished_at: '2026-12-09T09:01:00Z',
    ...overrides,
  };
}

/** A product file as the browser gives it (Node's File: the fetch under test sends only its own as bytes). */
export function productFile(text = 'Handle,Title,Variant Price\ntrail-tee,Trail Tee,199\n', name = 'products.csv', type = 'text/csv'): File {
  return new NodeFile([text], name, { type }) as unknown as File;
}

export type Problem = { status: number; code: string; message: string; fields?: Record<string, string> };

function problem({ status, code, message, fields }: Problem): Response {
  return HttpResponse.json({ error: { code, message, fields } }, { status });
}

export interface Upload {
  search: string;
  type: string | null;
  auth: string | null;
  body: string;
}

/**
 * Serves an area's imports (`/api/v1/admin` or `/api/v1/vendor`). `list` is what GET …/imports
 * answers; `items` the imports by id. `next(item)` is what a running import has become when it
 * is read again (by default it stays as it is). `upload` answers an upload with a problem instead.
 */
export function serveImports(
  root: '/api/v1/admin' | '/api/v1/vendor',
  {
    list = [],
    items = [],
    uploaded = productImport(),
    upload,
    next = (item) => item,
  }: {
    list?: ProductImport[];
    items?: ProductImport[];
    uploaded?: ProductImport;
    upload?: Problem;
    next?: (item: ProductImport) => ProductImport;
  } = {},
) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const uploads: Upload[] = [];
  const reads: string[] = [];
  const listReads: number[] = [];
  const confirmed: string[] = [];
  const discarded: string[] = [];
  const reports: { id: string; auth: string | null }[] = [];
  server.use(
    http.get(`*${root}/imports`, () => {
      listReads.push(Date.now());
      return HttpResponse.json({ imports: list });
    }),
    http.post(`*${root}/imports`, async ({ request }) => {
      uploads.push({
        search: new URL(request.url).search,
        type: request.headers.get('content-type'),
        auth: request.headers.get('authorization'),
        body: await request.text(),
      });
      if (upload) return problem(upload);
      byId.set(uploaded.id, uploaded);
      return HttpResponse.json(uploaded, { status: 202 });
    }),
    http.get(`*${root}/imports/:id`, ({ params }) => {
      const id = String(params.id);
      reads.push(id);
      const item = byId.get(id);
      if (!item) return problem({ status: 404, code: 'not_found', message: 'Import not found' });
      const moved = item.status === 'checking' || item.status === 'importing' ? next(item) : item;
      byId.set(id, moved);
      return HttpResponse.json(moved);
    }),
    http.post(`*${root}/imports/:id/confirm`, ({ params }) => {
      const id = String(params.id);
      confirmed.push(id);
      const item = byId.get(id);
      if (!item) return problem({ status: 404, code: 'not_found', message: 'Import not found' });
      if (item.status !== 'checked') return problem({ status: 409, code: 'not_checked', message: 'This import is not waiting to be confirmed' });
      const importing = { ...item, status: 'importing' as const, done: 0, phase_started_at: new Date().toISOString() };
      byId.set(id, importing);
      return HttpResponse.json(importing, { status: 202 });
    }),
    http.post(`*${root}/imports/:id/discard`, ({ params }) => {
      const id = String(params.id);
      discarded.push(id);
      const item = byId.get(id);
      if (!item) return problem({ status: 404, code: 'not_found', message: 'Import not found' });
      if (item.status !== 'checked' && item.status !== 'failed') {
        return problem({ status: 409, code: 'not_checked', message: 'This import is not waiting to be confirmed' });
      }
      const gone = { ...item, status: 'discarded' as const };
      byId.set(id, gone);
      return HttpResponse.json(gone);
    }),
    http.get(`*${root}/imports/:id/report`, ({ params, request }) => {
      reports.push({ id: String(params.id), auth: request.headers.get('authorization') });
      return new HttpResponse('row,product,outcome,field,reason\n7,broken-mug,rejected,price,must be a number\n', {
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      });
    }),
  );
  return { uploads, reads, listReads, confirmed, discarded, reports };
}
