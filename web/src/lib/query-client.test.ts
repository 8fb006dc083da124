import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { makeQueryClient, shouldRetry } from '@/lib/query-client';

describe('query defaults', () => {
  it('are the ones SPEC.md §9 sets', () => {
    const defaults = makeQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(5 * 60 * 1000);
    expect(defaults?.gcTime).toBe(10 * 60 * 1000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.retry).toBe(shouldRetry);
  });

  it('never retry a 4xx', () => {
    for (const status of [400, 401, 403, 404, 422, 429]) {
      expect(shouldRetry(0, new ApiError(status, 'x', 'x'))).toBe(false);
    }
  });

  it('never retry maintenance mode', () => {
    expect(shouldRetry(0, new ApiError(503, 'maintenance', 'Back at 10:00'))).toBe(false);
  });

  it('retry other failures up to twice', () => {
    for (const error of [new ApiError(500, 'x', 'x'), new ApiError(503, 'x', 'x'), new ApiError(0, 'network_error', 'x'), new Error('boom')]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });
});
