import { act, fireEvent, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_GAP_PX, Toaster } from '@/components/ui/toaster';
import { renderWithQueryClient } from '@/test/render';

/** A site header whose bottom edge is `bottom` px down the viewport (jsdom lays nothing out). */
function siteHeader(bottom: number) {
  const header = document.createElement('header');
  header.setAttribute('data-site-header', '');
  const place = (edge: number) => {
    header.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: edge - 100, width: 390, height: 100 });
  };
  place(bottom);
  document.body.prepend(header);
  return { moveTo: place, remove: () => header.remove() };
}

function toaster(): HTMLElement {
  const list = document.querySelector<HTMLElement>('[data-sonner-toaster]');
  expect(list).not.toBeNull();
  return list!;
}

/** The toaster's distance from the top of the screen on wide screens and on phones. */
function topOffsets() {
  const { style } = toaster();
  return [style.getPropertyValue('--offset-top'), style.getPropertyValue('--mobile-offset-top')];
}

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
  document.querySelector('[data-site-header]')?.remove();
});

describe('Toaster', () => {
  it('puts toasts just under the site header, on phones too, so none covers its controls', async () => {
    siteHeader(101);
    renderWithQueryClient(<Toaster />);
    act(() => void toast.success('Added to cart'));
    await screen.findByText('Added to cart');
    const below = `${101 + TOAST_GAP_PX}px`;
    expect(topOffsets()).toEqual([below, below]);
  });

  it('follows the header up while the notice above it scrolls out of view', async () => {
    const header = siteHeader(148);
    renderWithQueryClient(<Toaster />);
    act(() => void toast.success('Added to cart'));
    await screen.findByText('Added to cart');
    expect(topOffsets()[1]).toBe(`${148 + TOAST_GAP_PX}px`);

    header.moveTo(101);
    fireEvent.scroll(window);
    expect(topOffsets()[1]).toBe(`${101 + TOAST_GAP_PX}px`);
  });

  it('keeps Sonner’s own offsets on pages without the header', async () => {
    renderWithQueryClient(<Toaster />);
    act(() => void toast.success('Saved'));
    await screen.findByText('Saved');
    expect(topOffsets()).toEqual(['24px', '16px']);
  });
});
