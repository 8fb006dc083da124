import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loadPage } from '@/lib/navigation';
import { publicSettingsQueryOptions } from '@/lib/public-settings';
import { setConversionSink } from '@/lib/tracking/conversions';
import { authUser, profile, sessionResponse, storedSession } from '@/test/auth';
import { renderAuthPage } from '@/test/auth-page';
import { server } from '@/test/msw-server';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));
vi.mock('@/lib/navigation', () => ({ loadPage: vi.fn() }));

/** Records sign-up requests and answers with `reply`. */
function serveSignUp(reply: () => Response) {
  const requests: { query: URLSearchParams; body: Record<string, unknown> }[] = [];
  server.use(
    http.post('*/auth/v1/signup', async ({ request }) => {
      requests.push({
        query: new URL(request.url).searchParams,
        body: (await request.json()) as Record<string, unknown>,
      });
      return reply();
    }),
  );
  return requests;
}

async function fillSignUp(values: { name?: string; email?: string; password?: string }) {
  const user = userEvent.setup();
  if (values.name !== undefined) await user.type(screen.getByLabelText('Full name'), values.name);
  if (values.email !== undefined) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password !== undefined) await user.type(screen.getByLabelText('Password'), values.password);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('sign-up validation (SPEC §5)', () => {
  it('asks for every field when the form is empty, and sends nothing', async () => {
    const requests = serveSignUp(() => HttpResponse.json(authUser()));
    renderAuthPage('signup');
    await fillSignUp({});
    expect(await screen.findByText('Please enter your full name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it('rejects a blank name after trimming, a malformed email and a short password', async () => {
    const requests = serveSignUp(() => HttpResponse.json(authUser()));
    renderAuthPage('signup');
    await fillSignUp({ name: '   ', email: 'chloe@', password: '12345' });
    expect(await screen.findByText('Please enter your full name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

describe('sign-up results', () => {
  it('shows the check-email message when the address must be confirmed, and stays on the page', async () => {
    const requests = serveSignUp(() => HttpResponse.json(authUser({ email: 'new@example.com' })));
    renderAuthPage('signup');
    await fillSignUp({ name: '  Thandi Mokoena ', email: 'new@example.com', password: 'secret-pass' });

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(
      screen.getAllByText('Account created successfully! Please check your email to verify your account.').length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toMatchObject({
      email: 'new@example.com',
      password: 'secret-pass',
      data: { full_name: 'Thandi Mokoena' },
    });
    expect(requests[0]!.query.get('redirect_to')).toBe(`${window.location.origin}/`);
    expect(storedSession()).toBeNull();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('signs in at once when the server confirms the account and returns a session', async () => {
    window.localStorage.setItem('bazaar-ui-theme', 'dark');
    serveSignUp(() => HttpResponse.json(sessionResponse({ label: 'new' })));
    const patches: unknown[] = [];
    server.use(
      http.patch('*/api/v1/profile', async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json(profile({ theme: 'dark' }));
      }),
    );
    renderAuthPage('signup');
    await fillSignUp({ name: 'Thandi', email: 'new@example.com', password: 'secret-pass' });

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(storedSession()?.refresh_token).toBe('refresh-new');
    // The new account takes the theme this browser already uses.
    expect(patches).toEqual([{ theme: 'dark' }]);
    expect(JSON.parse(window.sessionStorage.getItem('bazaar.flash-toast')!)).toMatchObject({
      title: 'Signed in successfully!',
    });
  });

  it('tells the tracking tools of the new account', async () => {
    setConversionSink(() => {});
    const sink = vi.fn();
    setConversionSink(sink);
    try {
      serveSignUp(() => HttpResponse.json(authUser({ email: 'new@example.com' })));
      renderAuthPage('signup');
      await fillSignUp({ name: 'Thandi', email: 'new@example.com', password: 'secret-pass' });
      expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
      expect(sink.mock.calls).toEqual([[{ type: 'sign_up' }]]);
    } finally {
      setConversionSink(null);
    }
  });

  it('shows the server message when sign-up is refused', async () => {
    serveSignUp(() =>
      HttpResponse.json({ code: 'user_already_exists', message: 'User already registered' }, { status: 422 }),
    );
    renderAuthPage('signup');
    await fillSignUp({ name: 'Thandi', email: 'taken@example.com', password: 'secret-pass' });

    expect(await screen.findByRole('alert')).toHaveTextContent('User already registered');
    await waitFor(() => expect(screen.getAllByText('User already registered')).toHaveLength(2));
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(storedSession()).toBeNull();
  });
});

describe('closed sign-ups', () => {
  it('says sign-ups are closed, with a link to sign in, instead of the form', async () => {
    const requests = serveSignUp(() => HttpResponse.json(authUser()));
    renderAuthPage('signup', '', { sign_up_open: false });

    expect(await screen.findByText('Sign-ups are closed for now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login/');
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('keeps the form while sign-ups are open', async () => {
    const { queryClient } = renderAuthPage('signup', '', { sign_up_open: true });
    await waitFor(() =>
      expect(queryClient.getQueryState(publicSettingsQueryOptions().queryKey)?.status).toBe('success'),
    );
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByText('Sign-ups are closed for now.')).not.toBeInTheDocument();
  });

  it('says so when the server refuses the sign-up as disabled', async () => {
    serveSignUp(() =>
      HttpResponse.json({ code: 422, error_code: 'signup_disabled', msg: 'Signups not allowed for this instance' }, { status: 422 }),
    );
    renderAuthPage('signup');
    await fillSignUp({ name: 'Thandi', email: 'new@example.com', password: 'secret-pass' });

    expect(await screen.findByText('Sign-ups are closed for now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login/');
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(screen.queryByText('Signups not allowed for this instance')).not.toBeInTheDocument();
    expect(storedSession()).toBeNull();
  });
});

describe('the auth routes', () => {
  it('/auth/?mode=signup opens sign-up and links back to sign-in', () => {
    renderAuthPage('auth', 'mode=signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/');
  });

  it('/auth/ opens sign-in and links to ?mode=signup', () => {
    renderAuthPage('auth');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/?mode=signup');
  });

  it('/login/ and /signup/ link to each other', () => {
    renderAuthPage('login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup/');
  });
});
