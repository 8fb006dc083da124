import 'embla-carousel';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroCarousel } from '@/features/home/components/hero-carousel';
import { HERO_AUTOPLAY_MS, HERO_SLIDES } from '@/features/home/components/hero-slides';
import { mockReducedMotion } from '@/test/media';

// jsdom has neither; Embla needs both to start.
class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The number (1-based) of the slide shown, checked three ways: slides, dots and reachability. */
function currentSlide(): number {
  const slides = screen.getAllByTestId('hero-slide');
  const active = slides.filter((slide) => slide.dataset.active === 'true');
  expect(active).toHaveLength(1);
  const index = slides.indexOf(active[0]!);
  for (const [i, slide] of slides.entries()) expect(slide.hasAttribute('inert')).toBe(i !== index);
  const dots = screen.getAllByRole('button', { name: /^Go to slide/ });
  expect(dots.map((dot) => dot.getAttribute('aria-current'))).toEqual(
    dots.map((_, i) => (i === index ? 'true' : null)),
  );
  return index + 1;
}

async function renderCarousel() {
  render(<HeroCarousel />);
  await advance(0); // Embla is imported after mount.
}

describe('HeroCarousel', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
    mockReducedMotion(false);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('has two slides that both link to the products page', async () => {
    await renderCarousel();
    const slides = screen.getAllByTestId('hero-slide');
    expect(slides).toHaveLength(2);
    expect(HERO_SLIDES.map((slide) => slide.link)).toEqual(['/products/', '/products/']);
    for (const [index, slide] of slides.entries()) {
      expect(slide).toHaveAttribute('aria-label', `${index + 1} of 2`);
      const link = within(slide).getByRole('link', { hidden: true });
      expect(link.getAttribute('href')).toMatch(/^\/products\/?$/);
      expect(link).toHaveTextContent(HERO_SLIDES[index]!.buttonText);
    }
    expect(screen.getByRole('region', { name: 'Highlights' })).toHaveAttribute('aria-roledescription', 'carousel');
  });

  it('moves on after 6 s, and loops back to the first slide', async () => {
    expect(HERO_AUTOPLAY_MS).toBe(6000);
    await renderCarousel();
    expect(currentSlide()).toBe(1);

    await advance(5999);
    expect(currentSlide()).toBe(1);
    await advance(1);
    expect(currentSlide()).toBe(2);

    await advance(6000);
    expect(currentSlide()).toBe(1);
    await advance(6000);
    expect(currentSlide()).toBe(2);
  });

  it('goes to a slide from its dot and with previous and next, looping both ways', async () => {
    await renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    await advance(0);
    expect(currentSlide()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    await advance(0);
    expect(currentSlide()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    await advance(0);
    expect(currentSlide()).toBe(2);
  });

  it('pauses while the mouse is over it and resumes when it leaves', async () => {
    await renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    await advance(20_000);
    expect(currentSlide()).toBe(1);

    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    await advance(6000);
    expect(currentSlide()).toBe(2);
  });

  it('pauses while focus is inside it', async () => {
    await renderCarousel();
    const next = screen.getByRole('button', { name: 'Next slide' });
    act(() => next.focus());
    await advance(20_000);
    expect(currentSlide()).toBe(1);
    act(() => next.blur());
    await advance(6000);
    expect(currentSlide()).toBe(2);
  });

  it('stops and starts again with the pause button', async () => {
    await renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    await advance(20_000);
    expect(currentSlide()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    await advance(6000);
    expect(currentSlide()).toBe(2);
  });

  it('does not move by itself for visitors who prefer reduced motion', async () => {
    mockReducedMotion(true);
    await renderCarousel();
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
    await advance(20_000);
    expect(currentSlide()).toBe(1);
    // The visitor can still change slides.
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    await advance(0);
    expect(currentSlide()).toBe(2);
  });
});
