import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { ProfilePage } from '@/features/account/components/profile-page';
import { PROFILE_TABS, tabFromParam } from '@/features/account/components/profile-tabs';
import { authUser, profile, storeSession } from '@/test/auth';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

function renderProfile(search = '') {
  const replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
  renderWithQueryClient(
    <>
      <ProfilePage />
      <Toaster />
    </>,
  );
  return { replace, user: userEvent.setup() };
}

function serveProfile(body = profile()) {
  const patches: unknown[] = [];
  server.use(
    http.get('*/api/v1/profile', () => HttpResponse.json(body)),
    http.patch('*/api/v1/profile', async ({ request }) => {
      const update = (await request.json()) as Record<string, unknown>;
      patches.push(update);
      return HttpResponse.json({ profile: { ...body.profile, ...update } });
    }),
  );
  return patches;
}

describe('/profile/', () => {
  it('sends a signed-out visitor to /login/', async () => {
    const { replace } = renderProfile();
    expect(screen.getByTestId('profile-skeleton')).toBeInTheDocument();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login/'));
  });

  it('opens the tab named by ?tab=, and changing tabs writes it into the URL', async () => {
    storeSession();
    serveProfile();
    server.use(http.get('*/auth/v1/user', () => HttpResponse.json(authUser())));
    const { replace, user } = renderProfile('tab=security');

    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(replace).toHaveBeenCalledWith('/profile/?tab=settings', { scroll: false });
  });

  it('falls back to the first tab for a missing or unknown ?tab=', () => {
    expect(tabFromParam(null).id).toBe('settings');
    expect(tabFromParam('nope').id).toBe('settings');
    expect(tabFromParam('security').id).toBe('security');
    expect(PROFILE_TABS.map((tab) => tab.id)).toEqual(['settings', 'security', 'orders', 'tickets']);
  });
});

describe('Settings tab', () => {
  it('saves the name and avatar', async () => {
    storeSession();
    const patches = serveProfile(profile({ full_name: 'Chloe Customer', avatar_url: null }));
    const { user } = renderProfile('tab=settings');

    const name = await screen.findByLabelText('Full name');
    await waitFor(() => expect(name).toHaveValue('Chloe Customer'));
    expect(screen.getByLabelText('Email')).toHaveValue('chloe@example.com');
    await user.clear(name);
    await user.type(name, 'Chloe van Wyk');
    await user.type(screen.getByLabelText('Avatar image URL'), 'https://cdn.example.com/c.png');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(patches).toEqual([{ full_name: 'Chloe van Wyk', avatar_url: 'https://cdn.example.com/c.png' }]);
  });

  it('checks the fields as the API does before saving', async () => {
    storeSession();
    const patches = serveProfile();
    const { user } = renderProfile();

    const name = await screen.findByLabelText('Full name');
    await waitFor(() => expect(name).toHaveValue('Chloe Customer'));
    await user.clear(name);
    await user.type(name, '   ');
    await user.type(screen.getByLabelText('Avatar image URL'), 'ftp://example.com/a.png');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Please enter your full name')).toBeInTheDocument();
    expect(screen.getByText('Enter an image address starting with https:// or /')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('offers the theme choice, starting at System', async () => {
    storeSession();
    const patches = serveProfile();
    const { user } = renderProfile();

    expect(await screen.findByRole('radio', { name: 'System' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(window.localStorage.getItem('bazaar-ui-theme')).toBe('dark');
    await waitFor(() => expect(patches).toEqual([{ theme: 'dark' }]));
  });
});
