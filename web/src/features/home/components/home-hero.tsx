'use client';

import { useMemo } from 'react';
import { useHomeContent } from '@/features/home/api/home-content';
import { HeroCarousel } from '@/features/home/components/hero-carousel';
import { carouselSlides, HERO_SLIDES } from '@/features/home/components/hero-slides';

/**
 * The home page's hero: the built-in slides as exported, the admins' slides once the page knows
 * them (features/home/api/home-content.ts), and a placeholder of the same height while they load.
 */
export function HomeHero() {
  const state = useHomeContent();
  const custom = state.status === 'custom' ? state.content.slides : null;
  const slides = useMemo(() => (custom ? carouselSlides(custom) : HERO_SLIDES), [custom]);
  if (state.status === 'loading') {
    return (
      <section aria-label="Highlights" aria-busy="true" data-testid="hero-placeholder">
        <div className="min-h-[26rem] animate-pulse rounded-2xl bg-neutral-100 motion-reduce:animate-none sm:min-h-[24rem]" />
      </section>
    );
  }
  // A new carousel for the admins' slides: Embla and the chosen slide start again with them.
  return <HeroCarousel key={state.status} slides={slides} builtIn={state.status === 'default'} />;
}
