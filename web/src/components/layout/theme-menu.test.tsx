import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeMenu } from '@/components/layout/theme-menu';
import { Toaster } from '@/components/ui/toaster';
import { profile, storeSession } from '@/test/auth';
import { mockSystemDark } from '@/test/media';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Records PATCH /api/v1/profile calls and answers with `status`. */
function serveProfilePatch(status: number) {
  const calls: { body: unknown; authorization: string | null }[] = [];
  server.use(
    http.patch('*/api/v1/profile', async ({ request }) => {
      const body = (await request.json()) as { theme: 'light' | 'dark' | 'system' };
      calls.push({ body, authorization: request.headers.get('Authorization') });
      return status === 200
        ? HttpResponse.json(profile({ theme: body.theme }))
        : HttpResponse.json({ error: { code: 'internal', message: 'Internal error' } }, { status });
    }),
  );
  return calls;
}

async function chooseTheme(label: 'Light' | 'Dark' | 'System') {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('theme-menu-trigger'));
  await user.click(await screen.findByRole('menuitemradio', { name: label }));
}

describe('ThemeMenu', () => {
  it('starts at System, and a choice is stored locally and applied', async () => {
    mockSystemDark(false);
    const calls = serveProfilePatch(200);
    renderWithQueryClient(<ThemeMenu />);
    expect(screen.getByRole('button', { name: 'Theme: System' })).toBeInTheDocument();

    await chooseTheme('Dark');

    expect(window.localStorage.getItem('bazaar-ui-theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
    // Signed out: nothing to sync.
    expect(calls).toEqual([]);
  });

  it('syncs the choice to the profile when signed in', async () => {
    mockSystemDark(false);
    const session = storeSession();
    const calls = serveProfilePatch(200);
    renderWithQueryClient(<ThemeMenu />);

    await chooseTheme('Light');

    await waitFor(() =>
      expect(calls).toEqual([{ body: { theme: 'light' }, authorization: `Bearer ${session.access_token}` }]),
    );
    expect(window.localStorage.getItem('bazaar-ui-theme')).toBe('light');
  });

  it('keeps the choice and says so when the profile cannot be updated', async () => {
    mockSystemDark(false);
    storeSession();
    const calls = serveProfilePatch(500);
    renderWithQueryClient(
      <>
        <ThemeMenu />
        <Toaster />
      </>,
    );

    await chooseTheme('Dark');

    expect(
      await screen.findByText('Could not sync theme to your profile, but it was saved locally'),
    ).toBeInTheDocument();
    expect(screen.getByText('Theme saved locally')).toBeInTheDocument();
    // A 5xx is retried by nobody: one PATCH, and the local choice stands.
    expect(calls).toHaveLength(1);
    expect(window.localStorage.getItem('bazaar-ui-theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('opens from the keyboard with focus on the first choice', async () => {
    mockSystemDark(false);
    renderWithQueryClient(<ThemeMenu />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByTestId('theme-menu-trigger')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitemradio', { name: 'Light' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(window.localStorage.getItem('bazaar-ui-theme')).toBe('dark');
    // Closing returns focus to the trigger.
    await waitFor(() => expect(screen.getByTestId('theme-menu-trigger')).toHaveFocus());
  });
});
