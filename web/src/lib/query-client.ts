import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { AuthError } from '@/lib/auth/auth-api';

/** The site-wide React Query defaults (SPEC.md §9): the only place they are set. */
export const STALE_TIME_MS = 5 * 60 * 1000;
export const GC_TIME_MS = 10 * 60 * 1000;
export const MAX_RETRIES = 2;

/**
 * Never retry a 4xx (the answer will not change) or maintenance mode's 503 (the notice shows
 * instead); retry anything else up to twice.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if ((error instanceof ApiError || error instanceof AuthError) && error.isClientError) return false;
  if (error instanceof ApiError && error.isMaintenance) return false;
  return failureCount < MAX_RETRIES;
}

export const queryDefaults: DefaultOptions = {
  queries: {
    staleTime: STALE_TIME_MS,
    gcTime: GC_TIME_MS,
    refetchOnWindowFocus: false,
    retry: shouldRetry,
  },
};

export function makeQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
