import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePathname, useRouter } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HeaderSearch } from '@/features/search/components/header-search';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), usePathname: vi.fn() }));

const push = vi.fn();

beforeEach(() => {
  vi.mocked(useRouter).mockReturnValue({ push } as unknown as ReturnType<typeof useRouter>);
  vi.mocked(usePathname).mockReturnValue('/');
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings())));
});

describe('HeaderSearch', () => {
  it('has the box for wide screens and a search icon for small ones', () => {
    renderWithQueryClient(<HeaderSearch />);
    const boxes = screen.getAllByRole('combobox', { name: 'Search products' });
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.closest('.hidden')).toHaveClass('lg:block');
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveClass('lg:hidden');
  });

  it('the icon opens the same box, focused; Escape closes it and returns to the icon', async () => {
    const user = userEvent.setup();
    renderWithQueryClient(<HeaderSearch />);
    const toggle = screen.getByRole('button', { name: 'Open search' });
    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close search');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const box = within(panel).getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(panel).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the page changes', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithQueryClient(<HeaderSearch />);
    await user.click(screen.getByRole('button', { name: 'Open search' }));
    expect(screen.getByRole('button', { name: 'Close search' })).toBeInTheDocument();
    vi.mocked(usePathname).mockReturnValue('/daily-deals/');
    rerender(<HeaderSearch />);
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes after a search from the small-screen box', async () => {
    server.use(http.get('*/api/v1/search/suggestions', () => HttpResponse.json({ suggestions: [] })));
    const user = userEvent.setup();
    renderWithQueryClient(<HeaderSearch />);
    await user.click(screen.getByRole('button', { name: 'Open search' }));
    await user.keyboard(' running tee {Enter}');
    expect(push).toHaveBeenCalledWith('/search/?q=running+tee');
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveAttribute('aria-expanded', 'false');
  });
});
