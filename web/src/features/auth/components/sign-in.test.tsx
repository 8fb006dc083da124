import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loadPage } from '@/lib/navigation';
import {
  authUser,
  profile,
  sessionResponse,
  storedSession,
  storeSession,
  totpFactor,
} from '@/test/auth';
import { renderAuthPage } from '@/test/auth-page';
import { server } from '@/test/msw-server';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));
vi.mock('@/lib/navigation', () => ({ loadPage: vi.fn() }));

function servePasswordGrant(reply: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/auth/v1/token', async ({ request }) => {
      expect(new URL(request.url).searchParams.get('grant_type')).toBe('password');
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

function serveProfileTheme(theme: 'light' | 'dark' | 'system') {
  server.use(http.get('*/api/v1/profile', () => HttpResponse.json(profile({ theme }))));
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('sign-in validation', () => {
  it('asks for the email and the password before sending anything', async () => {
    const bodies = servePasswordGrant(() => HttpResponse.json(sessionResponse()));
    renderAuthPage('login');
    await signIn('', '');
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('rejects a malformed email', async () => {
    const bodies = servePasswordGrant(() => HttpResponse.json(sessionResponse()));
    renderAuthPage('login');
    await signIn('chloe.example.com', 'secret');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});

describe('sign-in', () => {
  it('stores the session, takes the account theme and reloads at / with the success toast', async () => {
    const bodies = servePasswordGrant(() => HttpResponse.json(sessionResponse({ label: 'signed-in' })));
    serveProfileTheme('dark');
    renderAuthPage('login');
    await signIn('chloe@example.com', 'bazaar-customer');

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(bodies).toEqual([{ email: 'chloe@example.com', password: 'bazaar-customer' }]);
    expect(storedSession()?.refresh_token).toBe('refresh-signed-in');
    expect(window.localStorage.getItem('bazaar-ui-theme')).toBe('dark');
    expect(JSON.parse(window.sessionStorage.getItem('bazaar.flash-toast')!)).toEqual({
      kind: 'success',
      title: 'Signed in successfully!',
    });
  });

  it('returns to the same-site page named by ?redirect= instead of /', async () => {
    servePasswordGrant(() => HttpResponse.json(sessionResponse({ label: 'signed-in' })));
    serveProfileTheme('system');
    renderAuthPage('auth', 'redirect=%2Fvendor%2Fapply%2F');
    await signIn('chloe@example.com', 'bazaar-customer');
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/vendor/apply/'));
  });

  it('ignores a ?redirect= to another site', async () => {
    servePasswordGrant(() => HttpResponse.json(sessionResponse({ label: 'signed-in' })));
    serveProfileTheme('system');
    renderAuthPage('auth', 'redirect=%2F%2Fevil.example%2F');
    await signIn('chloe@example.com', 'bazaar-customer');
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
  });

  it('sends a visitor who is already signed in straight to the ?redirect= page', async () => {
    storeSession();
    const { replace } = renderAuthPage('auth', 'redirect=%2Fadmin%2F');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/admin/'));
  });

  it('shows the server message for wrong credentials, as an alert and an Error toast', async () => {
    servePasswordGrant(() =>
      HttpResponse.json({ code: 'invalid_credentials', message: 'Invalid login credentials' }, { status: 400 }),
    );
    renderAuthPage('login');
    await signIn('chloe@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    await waitFor(() => expect(screen.getAllByText('Invalid login credentials')).toHaveLength(2));
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(storedSession()).toBeNull();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('shows "An unexpected error occurred" when the server cannot be reached', async () => {
    servePasswordGrant(() => HttpResponse.error());
    renderAuthPage('login');
    await signIn('chloe@example.com', 'bazaar-customer');
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  });

  it('sends a visitor who is already signed in to /', async () => {
    storeSession();
    const { replace } = renderAuthPage('auth');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});

describe('sign-in with a second factor', () => {
  const factor = totpFactor();
  const pending = sessionResponse({ label: 'pending', aal: 'aal1', user: authUser({ factors: [factor] }) });

  /** Answers challenge and verify; verify accepts only `validCode`. */
  function serveMfa(validCode: string) {
    const calls: { path: string; authorization: string | null; body: unknown }[] = [];
    server.use(
      http.post('*/auth/v1/factors/:id/challenge', async ({ request, params }) => {
        expect(params.id).toBe(factor.id);
        calls.push({ path: 'challenge', authorization: request.headers.get('Authorization'), body: null });
        return HttpResponse.json({ id: `challenge-${calls.length}`, type: 'totp', expires_at: 0 });
      }),
      http.post('*/auth/v1/factors/:id/verify', async ({ request }) => {
        const body = (await request.json()) as { code: string; challenge_id: string };
        calls.push({ path: 'verify', authorization: request.headers.get('Authorization'), body });
        return body.code === validCode
          ? HttpResponse.json(sessionResponse({ label: 'aal2', aal: 'aal2', user: authUser({ factors: [factor] }) }))
          : HttpResponse.json({ code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' }, { status: 422 });
      }),
    );
    return calls;
  }

  it('asks for the code, and stores the session only once it is raised to aal2', async () => {
    servePasswordGrant(() => HttpResponse.json(pending));
    serveProfileTheme('system');
    const calls = serveMfa('654321');
    renderAuthPage('login');
    const user = await signIn('chloe@example.com', 'bazaar-customer');

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(storedSession()).toBeNull();

    await user.type(screen.getByLabelText('Authentication code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
    expect(storedSession()).toBeNull();

    await user.type(screen.getByLabelText('Authentication code'), '654 321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));

    expect(storedSession()?.refresh_token).toBe('refresh-aal2');
    // Each guess gets a fresh challenge, made with the pending (aal1) token.
    expect(calls.map((call) => call.path)).toEqual(['challenge', 'verify', 'challenge', 'verify']);
    expect(calls.every((call) => call.authorization === `Bearer ${pending.access_token}`)).toBe(true);
    expect(calls[3]!.body).toEqual({ challenge_id: 'challenge-3', code: '654321' });
  });

  it('cancelling ends the pending session and returns to the form', async () => {
    servePasswordGrant(() => HttpResponse.json(pending));
    const logout = vi.fn(() => new HttpResponse(null, { status: 204 }));
    server.use(http.post('*/auth/v1/logout', logout));
    renderAuthPage('login');
    const user = await signIn('chloe@example.com', 'bazaar-customer');

    await user.click(await screen.findByRole('button', { name: 'Cancel and use another account' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(storedSession()).toBeNull();
  });
});
