import { act, fireEvent, render, screen } from '@testing-library/react';
import { usePathname } from 'next/navigation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollReset, ScrollToTopButton } from '@/components/layout/scroll-to-top';

vi.mock('next/navigation', () => ({ usePathname: vi.fn() }));

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('ScrollToTopButton', () => {
  it('appears only after scrolling more than 300 px, and scrolls to the top', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<ScrollToTopButton />);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();

    scrollTo(300);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();

    scrollTo(301);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));

    scrollTo(120);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
  });
});

describe('ScrollReset', () => {
  it('scrolls to the top on every route change, but not on the first load', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.mocked(usePathname).mockReturnValue('/products/');
    const { rerender } = render(<ScrollReset />);
    expect(scroll).not.toHaveBeenCalled();
    vi.mocked(usePathname).mockReturnValue('/about/');
    rerender(<ScrollReset />);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0 }));
    rerender(<ScrollReset />);
    expect(scroll).toHaveBeenCalledTimes(1);
    vi.mocked(usePathname).mockReturnValue('/products/');
    rerender(<ScrollReset />);
    expect(scroll).toHaveBeenCalledTimes(2);
  });
});
