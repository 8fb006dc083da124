import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '@/lib/api-client';
import {
  getAccessToken,
  refreshSession,
  revalidateSession,
  signOut,
  startSession,
  startSessionKeeper,
} from '@/lib/auth/session';
import { readSession, SESSION_STORAGE_KEY } from '@/lib/auth/session-store';
import { authUser, makeJwt, nowSeconds, sessionResponse, storedSession, storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';

/** Answers refresh grants with new tokens, recording the refresh tokens presented. */
function serveRefresh(label = 'refreshed') {
  const presented: string[] = [];
  server.use(
    http.post('*/auth/v1/token', async ({ request }) => {
      expect(new URL(request.url).searchParams.get('grant_type')).toBe('refresh_token');
      presented.push(((await request.json()) as { refresh_token: string }).refresh_token);
      return HttpResponse.json(sessionResponse({ label }));
    }),
  );
  return presented;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('session storage', () => {
  it('stores a new session under one localStorage key, with expires_at from the server', () => {
    const response = sessionResponse({ expires_at: 1_900_000_000 });
    startSession(response);
    const stored = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!) as Record<string, unknown>;
    expect(stored).toEqual({
      access_token: response.access_token,
      refresh_token: response.refresh_token,
      expires_at: 1_900_000_000,
      token_type: 'bearer',
      user: response.user,
    });
    expect(readSession()?.user.email).toBe('chloe@example.com');
  });

  it('computes expires_at from expires_in when the server leaves it out', () => {
    const before = nowSeconds();
    startSession({ ...sessionResponse(), expires_at: undefined, expires_in: 3600 });
    expect(readSession()!.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(readSession()!.expires_at).toBeLessThanOrEqual(nowSeconds() + 3600);
  });

  it('ignores a stored value that is not a session', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{"access_token": 3}');
    expect(readSession()).toBeNull();
    window.localStorage.setItem(SESSION_STORAGE_KEY, 'not json');
    expect(readSession()).toBeNull();
  });
});

describe('token refresh', () => {
  it('hands out the stored token without a request while it has more than 90 s left', async () => {
    const session = storeSession({ expires_at: nowSeconds() + 120 });
    await expect(getAccessToken()).resolves.toBe(session.access_token);
  });

  it('refreshes first when less than 90 s are left, and stores the new tokens', async () => {
    storeSession({ expires_at: nowSeconds() + 60 });
    const presented = serveRefresh();
    const token = await getAccessToken();
    expect(presented).toEqual(['refresh-stored']);
    expect(token).toBe(storedSession()!.access_token);
    expect(storedSession()!.refresh_token).toBe('refresh-refreshed');
    expect(storedSession()!.expires_at).toBeGreaterThan(nowSeconds() + 3000);
  });

  it('sends one refresh for calls made at the same time (a reused refresh token ends the session)', async () => {
    storeSession({ expires_at: nowSeconds() + 10 });
    const presented = serveRefresh();
    const tokens = await Promise.all([getAccessToken(), getAccessToken(), refreshSession()]);
    expect(presented).toHaveLength(1);
    expect(new Set(tokens.map((t) => (typeof t === 'string' ? t : t?.access_token))).size).toBe(1);
  });

  it('forgets the session when the server no longer knows the refresh token', async () => {
    storeSession({ expires_at: nowSeconds() + 10 });
    server.use(
      http.post('*/auth/v1/token', () =>
        HttpResponse.json(
          { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' },
          { status: 400 },
        ),
      ),
    );
    await expect(getAccessToken()).resolves.toBeNull();
    expect(storedSession()).toBeNull();
  });

  it('keeps the session and its still-valid token when the server cannot be reached', async () => {
    const session = storeSession({ expires_at: nowSeconds() + 30 });
    server.use(http.post('*/auth/v1/token', () => HttpResponse.error()));
    await expect(getAccessToken()).resolves.toBe(session.access_token);
    expect(storedSession()).toEqual(session);
  });

  it('refreshes on its own shortly before the token expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    storeSession({ expires_at: nowSeconds() + 100 });
    const presented = serveRefresh();
    server.use(http.get('*/auth/v1/user', () => HttpResponse.json(authUser())));
    const stop = startSessionKeeper();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(presented).toEqual([]);
    await vi.advanceTimersByTimeAsync(6_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(presented).toEqual(['refresh-stored']));
    await vi.waitFor(() => expect(storedSession()!.refresh_token).toBe('refresh-refreshed'));
    stop();
  });
});

describe('API calls', () => {
  it('carry Authorization: Bearer with the access token when signed in', async () => {
    const session = storeSession();
    let authorization: string | null = null;
    server.use(
      http.get('*/api/v1/profile', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiGet('/api/v1/profile');
    expect(authorization).toBe(`Bearer ${session.access_token}`);
  });

  it('carry no Authorization header when signed out', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiGet('/api/v1/products');
    expect(authorization).toBeNull();
  });

  it('refresh and retry once after a 401', async () => {
    storeSession();
    serveRefresh('after-401');
    const seen: (string | null)[] = [];
    server.use(
      http.get('*/api/v1/profile', ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return seen.length === 1
          ? HttpResponse.json({ error: { code: 'unauthorized', message: 'expired' } }, { status: 401 })
          : HttpResponse.json({ ok: true });
      }),
    );
    await expect(apiGet('/api/v1/profile')).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(`Bearer ${makeJwt({ exp: storedSession()!.expires_at, label: 'after-401' })}`);
  });
});

describe('sign-out', () => {
  it('ends every session on the server and clears the stored one', async () => {
    const session = storeSession();
    const calls: { scope: string | null; authorization: string | null }[] = [];
    server.use(
      http.post('*/auth/v1/logout', ({ request }) => {
        calls.push({
          scope: new URL(request.url).searchParams.get('scope'),
          authorization: request.headers.get('Authorization'),
        });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await signOut();
    expect(calls).toEqual([{ scope: 'global', authorization: `Bearer ${session.access_token}` }]);
    expect(storedSession()).toBeNull();
  });

  it.each([
    ['a server error', () => HttpResponse.json({ code: 'unexpected_failure', message: 'x' }, { status: 500 })],
    ['no server', () => HttpResponse.error()],
  ])('still clears the stored session after %s', async (_, reply) => {
    storeSession();
    server.use(http.post('*/auth/v1/logout', reply));
    await signOut();
    expect(storedSession()).toBeNull();
  });
});

describe('revalidation', () => {
  it('drops a session the server has ended elsewhere', async () => {
    storeSession();
    server.use(
      http.get('*/auth/v1/user', () =>
        HttpResponse.json(
          { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' },
          { status: 403 },
        ),
      ),
    );
    await revalidateSession();
    expect(storedSession()).toBeNull();
  });

  it('keeps the tokens and takes the fresh user otherwise', async () => {
    const session = storeSession();
    server.use(http.get('*/auth/v1/user', () => HttpResponse.json(authUser({ email: 'new@example.com' }))));
    await revalidateSession();
    expect(storedSession()).toEqual({ ...session, user: authUser({ email: 'new@example.com' }) });
  });
});
