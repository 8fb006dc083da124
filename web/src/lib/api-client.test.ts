import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, onMaintenance } from '@/lib/api-client';
import { server } from '@/test/msw-server';

describe('apiGet', () => {
  it('returns the JSON body of a successful response', async () => {
    server.use(http.get('*/api/v1/ping', () => HttpResponse.json({ ok: true })));
    await expect(apiGet('/api/v1/ping')).resolves.toEqual({ ok: true });
  });

  it('throws ApiError with the status, code and message of the error shape', async () => {
    server.use(
      http.get('*/api/v1/products/nope', () =>
        HttpResponse.json(
          { error: { code: 'not_found', message: 'Product not found' } },
          { status: 404 },
        ),
      ),
    );
    const error = await apiGet('/api/v1/products/nope').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Product not found' });
    expect((error as ApiError).isClientError).toBe(true);
  });

  it('keeps the field errors of a validation failure', async () => {
    server.use(
      http.get('*/api/v1/invalid', () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'Invalid', fields: { per_page: 'too large' } } },
          { status: 422 },
        ),
      ),
    );
    await expect(apiGet('/api/v1/invalid')).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { per_page: 'too large' },
    });
  });

  it('throws ApiError for a response without the error shape', async () => {
    server.use(http.get('*/api/v1/broken', () => new HttpResponse('Bad gateway', { status: 502 })));
    await expect(apiGet('/api/v1/broken')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Request failed with status 502',
    });
  });

  it('throws ApiError with status 0 when the server cannot be reached', async () => {
    server.use(http.get('*/api/v1/down', () => HttpResponse.error()));
    await expect(apiGet('/api/v1/down')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('tells the maintenance listeners when the shop is closed for maintenance', async () => {
    server.use(
      http.get('*/api/v1/closed', () =>
        HttpResponse.json({ error: { code: 'maintenance', message: 'Back at 10:00' } }, { status: 503 }),
      ),
      http.get('*/api/v1/busy', () =>
        HttpResponse.json({ error: { code: 'unavailable', message: 'Busy' } }, { status: 503 }),
      ),
    );
    const listener = vi.fn();
    const stop = onMaintenance(listener);
    const error = await apiGet('/api/v1/closed').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 503, code: 'maintenance', message: 'Back at 10:00', isMaintenance: true });
    expect(listener).toHaveBeenCalledTimes(1);
    // Another 503 is not maintenance.
    await expect(apiGet('/api/v1/busy')).rejects.toMatchObject({ isMaintenance: false });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    await apiGet('/api/v1/closed').catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
