import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { useRouter } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { guardVerdict, RoleGuard } from '@/components/auth/role-guard';
import { profile, storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn() }));

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace } as unknown as ReturnType<typeof useRouter>);
});

function serveRole(role: string) {
  server.use(http.get('*/api/v1/profile', () => HttpResponse.json(profile({ role }))));
}

const SECRET = 'Guarded content';

describe('RoleGuard', () => {
  it('sends a signed-out visitor to /login/ and shows only the skeleton', async () => {
    renderWithQueryClient(<RoleGuard>{SECRET}</RoleGuard>);
    expect(screen.getByTestId('role-guard-skeleton')).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login/'));
  });

  it('lets any signed-in user in when no role is required', () => {
    storeSession();
    renderWithQueryClient(<RoleGuard>{SECRET}</RoleGuard>);
    expect(screen.getByText(SECRET)).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });

  it('shows the skeleton while the role loads, then the page for the exact role', async () => {
    storeSession();
    serveRole('vendor');
    renderWithQueryClient(<RoleGuard role="vendor">{SECRET}</RoleGuard>);
    expect(screen.getByTestId('role-guard-skeleton')).toBeInTheDocument();
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });

  it.each([
    ['customer', 'admin'],
    ['admin', 'vendor'],
    ['vendor', 'admin'],
  ])('sends a %s away from a %s page to /', async (role, required) => {
    storeSession();
    serveRole(role);
    renderWithQueryClient(<RoleGuard role={required as 'admin' | 'vendor'}>{SECRET}</RoleGuard>);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('treats a user whose profile fails to load as a customer', async () => {
    storeSession();
    server.use(
      http.get('*/api/v1/profile', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'No profile' } }, { status: 404 }),
      ),
    );
    renderWithQueryClient(<RoleGuard role="customer">{SECRET}</RoleGuard>);
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
  });
});

describe('guardVerdict', () => {
  const loaded = (role: string) => ({ isPending: false, isError: false, role });

  it('waits while the session is unknown (the page is still hydrating)', () => {
    expect(guardVerdict('loading', undefined, loaded('customer'))).toBe('loading');
    expect(guardVerdict('loading', 'admin', loaded('admin'))).toBe('loading');
  });

  it('matches roles exactly', () => {
    expect(guardVerdict('signed-in', 'admin', loaded('admin'))).toBe('allow');
    expect(guardVerdict('signed-in', 'admin', loaded('vendor'))).toBe('wrong-role');
    expect(guardVerdict('signed-in', 'customer', loaded('something-else'))).toBe('allow');
    expect(guardVerdict('signed-out', 'customer', loaded('customer'))).toBe('sign-in');
  });
});
