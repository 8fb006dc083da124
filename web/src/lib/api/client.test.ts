import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, buildPath } from '@/lib/api/client';
import { server } from '@/test/msw-server';

describe('buildPath', () => {
  it('fills path segments, encoded', () => {
    expect(buildPath('/api/v1/orders/{id}/cancel', { id: 'a b/c' })).toBe('/api/v1/orders/a%20b%2Fc/cancel');
  });

  it('refuses a missing path segment instead of calling a wrong URL', () => {
    expect(() => buildPath('/api/v1/orders/{id}', {})).toThrow('Missing path parameter "id"');
  });

  it('writes the query, leaving out undefined and null and repeating lists', () => {
    expect(
      buildPath('/api/v1/products', null, { page: 2, brand: undefined, category: null, ids: ['a', 'b'], featured: true }),
    ).toBe('/api/v1/products?page=2&ids=a&ids=b&featured=true');
    expect(buildPath('/api/v1/cart', null, {})).toBe('/api/v1/cart');
  });
});

describe('api', () => {
  it('calls the path with its method, query and JSON body', async () => {
    const seen: { method: string; url: string; body: unknown }[] = [];
    server.use(
      http.post('*/api/v1/points/redeem', async ({ request }) => {
        seen.push({ method: request.method, url: request.url, body: await request.json() });
        return HttpResponse.json({ success: true, points_awarded: 100, error: null, message: 'ok' });
      }),
      http.get('*/api/v1/points/transactions', ({ request }) => {
        seen.push({ method: request.method, url: request.url, body: null });
        return HttpResponse.json({ transactions: [] });
      }),
    );
    await expect(api.post('/api/v1/points/redeem', { body: { code: 'WELCOME100' } })).resolves.toMatchObject({
      points_awarded: 100,
    });
    await expect(api.get('/api/v1/points/transactions', { query: { limit: 5 } })).resolves.toEqual({
      transactions: [],
    });
    expect(seen[0]).toMatchObject({ method: 'POST', body: { code: 'WELCOME100' } });
    expect(new URL(seen[1]!.url).search).toBe('?limit=5');
  });
});
