import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { AuthPage, type AuthRoute } from '@/features/auth/components/auth-page';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

/**
 * Renders an auth route with the Toaster, the public settings answering `settings` over the usual ones. The test file must mock 'next/navigation' (useRouter,
 * useSearchParams) and '@/lib/navigation' (loadPage).
 */
export function renderAuthPage(
  route: AuthRoute,
  search = '',
  settings: Parameters<typeof publicSettings>[0] = {},
) {
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings(settings))));
  const replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  const result = renderWithQueryClient(
    <>
      <AuthPage route={route} />
      <Toaster />
    </>,
  );
  return { ...result, replace };
}
