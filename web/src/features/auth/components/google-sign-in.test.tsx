import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { AuthCallbackPage } from '@/features/auth/components/auth-callback-page';
import { loadPage } from '@/lib/navigation';
import { authUser, nowSeconds, storedSession } from '@/test/auth';
import { renderAuthPage } from '@/test/auth-page';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));
vi.mock('@/lib/navigation', () => ({ loadPage: vi.fn() }));

describe('Continue with Google', () => {
  it('goes to the server’s Google flow, asking it to come back to /auth/callback/', async () => {
    const requested: URL[] = [];
    server.use(
      http.get('*/auth/v1/authorize', ({ request }) => {
        requested.push(new URL(request.url));
        return new HttpResponse(null, { status: 302, headers: { Location: 'https://accounts.google.com/o/oauth2' } });
      }),
    );
    renderAuthPage('login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));

    await waitFor(() => expect(loadPage).toHaveBeenCalledTimes(1));
    const target = new URL(vi.mocked(loadPage).mock.calls[0]![0]);
    expect(target.pathname).toBe('/auth/v1/authorize');
    expect(target.searchParams.get('provider')).toBe('google');
    expect(target.searchParams.get('redirect_to')).toBe(`${window.location.origin}/auth/callback/`);
    expect(requested[0]!.searchParams.get('redirect_to')).toBe(`${window.location.origin}/auth/callback/`);
  });

  it('stays on the page with "Failed to sign in with Google" when the server refuses', async () => {
    server.use(
      http.get('*/auth/v1/authorize', () =>
        HttpResponse.json(
          { code: 'validation_failed', message: 'Unsupported provider: provider is not enabled' },
          { status: 400 },
        ),
      ),
    );
    renderAuthPage('login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(await screen.findByText('Failed to sign in with Google')).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });
});

describe('/auth/callback/', () => {
  function renderCallback(hash: string) {
    window.history.replaceState(null, '', `/auth/callback/${hash}`);
    return renderWithQueryClient(
      <>
        <AuthCallbackPage />
        <Toaster />
      </>,
    );
  }

  it('stores the session from the fragment, clears the address bar and reloads at /', async () => {
    const expiresAt = nowSeconds() + 3600;
    let authorization: string | null = null;
    server.use(
      http.get('*/auth/v1/user', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json(authUser({ email: 'google.user@example.com' }));
      }),
      http.get('*/api/v1/profile', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }),
      ),
    );
    renderCallback(
      `#access_token=header.e30.sig&expires_at=${expiresAt}&expires_in=3600&refresh_token=rt-google&token_type=bearer`,
    );

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(authorization).toBe('Bearer header.e30.sig');
    expect(storedSession()).toMatchObject({
      access_token: 'header.e30.sig',
      refresh_token: 'rt-google',
      expires_at: expiresAt,
      user: { email: 'google.user@example.com' },
    });
    expect(window.location.hash).toBe('');
  });

  it('shows why the sign-in failed when the server returns an error', async () => {
    renderCallback('#error=access_denied&error_code=access_denied&error_description=access_denied%3A+user+cancelled');

    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to sign in with Google' })).toBeInTheDocument();
    expect(screen.getByText('access_denied: user cancelled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login/');
    expect(storedSession()).toBeNull();
    expect(loadPage).not.toHaveBeenCalled();
  });
});
