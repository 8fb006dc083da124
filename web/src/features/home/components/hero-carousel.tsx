'use client';

import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { ContentLink } from '@/features/home/components/content-link';
import { HeroArt } from '@/features/home/components/hero-art';
import { HERO_AUTOPLAY_MS, HERO_SLIDES, type CarouselSlide } from '@/features/home/components/hero-slides';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';
import { cn } from '@/lib/cn';

const TONES: Record<CarouselSlide['tone'], { slide: string; kicker: string; cta: string; art: string }> = {
  brand: {
    // The dark theme keeps this slide deep green rather than the lighter brand fill.
    slide:
      'bg-gradient-to-br from-brand-700 to-brand-800 text-white dark:from-brand-100 dark:to-brand-50 dark:text-neutral-900',
    kicker: 'text-brand-100 dark:text-brand-600',
    cta: 'bg-white text-brand-800 hover:bg-brand-50',
    art: 'text-brand-100 dark:text-brand-600',
  },
  light: {
    slide: 'border border-brand-100 bg-brand-50 text-neutral-900',
    kicker: 'text-brand-700',
    cta: 'bg-brand-700 text-white hover:bg-brand-800',
    art: 'text-brand-600',
  },
};

const CONTROL =
  'inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-neutral-900 shadow-sm ring-1 ring-neutral-900/10 hover:bg-white';

/**
 * The hero (SPEC §2): slides that loop and move on every 6 s. Autoplay pauses while the pointer
 * is over the hero or focus is inside it, can be paused with a button, and is off by default for
 * visitors who prefer reduced motion (slides then change without animation). Embla moves the
 * slides and handles swiping; only the visible slide can be reached by keyboard or screen reader.
 *
 * The first slide is in the exported HTML and Embla is loaded after hydration, so the carousel
 * costs the first paint nothing. Should Embla fail to load, the slides move by CSS alone.
 *
 * `builtIn` marks the built-in slides (`data-home-default`), which the server hides until the
 * admins' slides replace them (features/home/api/home-content.ts).
 */
export function HeroCarousel({
  slides = HERO_SLIDES,
  delayMs = HERO_AUTOPLAY_MS,
  builtIn = false,
}: {
  slides?: readonly CarouselSlide[];
  delayMs?: number;
  builtIn?: boolean;
}) {
  const count = slides.length;
  const slidesId = useId();
  const reducedMotion = usePrefersReducedMotion();
  const viewportRef = useRef<HTMLDivElement>(null);
  const [emblaApi, setEmblaApi] = useState<EmblaCarouselType | null>(null);
  const [emblaFailed, setEmblaFailed] = useState(false);
  const [selected, setSelected] = useState(0);
  // A slide chosen before Embla arrived is where it starts.
  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const autoplay = choice === null ? !reducedMotion : choice === 'play';
  const playing = autoplay && !hovered && !focused && count > 1;

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || count < 2) return;
    let api: EmblaCarouselType | null = null;
    let cancelled = false;
    import('embla-carousel')
      .then(({ default: EmblaCarousel }) => {
        if (cancelled) return;
        api = EmblaCarousel(viewport, { loop: true, startIndex: selectedRef.current });
        setEmblaApi(api);
      })
      .catch((error: unknown) => {
        console.warn('The carousel could not be loaded; slides move without it:', error);
        if (!cancelled) setEmblaFailed(true);
      });
    return () => {
      cancelled = true;
      api?.destroy();
    };
  }, [count]);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    onSelect();
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  const goTo = useCallback(
    (index: number) => {
      const target = ((index % count) + count) % count;
      if (emblaApi) emblaApi.scrollTo(target, reducedMotion);
      else setSelected(target);
    },
    [emblaApi, count, reducedMotion],
  );

  // In loop mode Embla keeps moving forward past the last slide; without a loop, wrap to the first.
  const next = useCallback(() => {
    if (emblaApi?.canScrollNext()) emblaApi.scrollNext(reducedMotion);
    else goTo(selected + 1);
  }, [emblaApi, goTo, reducedMotion, selected]);

  const previous = useCallback(() => {
    if (emblaApi?.canScrollPrev()) emblaApi.scrollPrev(reducedMotion);
    else goTo(selected - 1);
  }, [emblaApi, goTo, reducedMotion, selected]);

  // Each slide change (automatic, button or swipe) starts a full interval again.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(next, delayMs);
    return () => window.clearTimeout(timer);
  }, [playing, next, delayMs, selected]);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setHovered(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  const toggle = () => {
    setChoice(autoplay ? 'pause' : 'play');
    // Pressing Play is an explicit request: focus on the button no longer holds the slides.
    if (!autoplay) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative"
      data-testid="hero-carousel"
      data-home-default={builtIn ? '' : undefined}
      onPointerEnter={onPointerEnter}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div ref={viewportRef} className="overflow-hidden rounded-2xl">
        <div
          id={slidesId}
          className="flex touch-pan-y touch-pinch-zoom will-change-transform"
          aria-live={playing ? 'off' : 'polite'}
          style={
            emblaFailed
              ? { transform: `translateX(-${selected * 100}%)`, transition: reducedMotion ? 'none' : 'transform 0.5s ease' }
              : undefined
          }
        >
          {slides.map((slide, index) => (
            <HeroSlide key={slide.id} slide={slide} index={index} count={count} active={index === selected} />
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-4 flex items-center justify-between gap-3 px-5 sm:bottom-6 sm:px-10">
          <div className="pointer-events-auto flex items-center rounded-full bg-white/90 px-1.5 shadow-sm ring-1 ring-neutral-900/10">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                aria-label={`Go to slide ${index + 1}`}
                aria-controls={slidesId}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => goTo(index)}
                className="group flex h-8 w-7 items-center justify-center"
              >
                <span
                  className={cn(
                    'block h-2 rounded-full transition-all motion-reduce:transition-none',
                    index === selected ? 'w-5 bg-neutral-900' : 'w-2 bg-neutral-400 group-hover:bg-neutral-600',
                  )}
                />
              </button>
            ))}
          </div>
          <div className="pointer-events-auto flex items-center gap-2">
            <button
              type="button"
              onClick={toggle}
              aria-label={autoplay ? 'Pause slideshow' : 'Play slideshow'}
              className={CONTROL}
            >
              {autoplay ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
            </button>
            <button type="button" onClick={previous} aria-label="Previous slide" aria-controls={slidesId} className={CONTROL}>
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button type="button" onClick={next} aria-label="Next slide" aria-controls={slidesId} className={CONTROL}>
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function HeroSlide({
  slide,
  index,
  count,
  active,
}: {
  slide: CarouselSlide;
  index: number;
  count: number;
  active: boolean;
}) {
  const tone = TONES[slide.tone] ?? TONES.brand;
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      data-testid="hero-slide"
      data-active={active}
      // Slides out of view stay out of the tab order and the accessibility tree.
      inert={!active}
      className={cn('min-w-0 shrink-0 grow-0 basis-full overflow-hidden rounded-2xl', tone.slide)}
    >
      <div className="grid min-h-[26rem] items-center gap-6 px-6 pb-20 pt-10 sm:min-h-[24rem] sm:grid-cols-[3fr_2fr] sm:px-10 sm:pb-24 sm:pt-12">
        <div className="flex flex-col items-start gap-3">
          {slide.subtitle ? (
            <p className={cn('text-sm font-semibold uppercase tracking-wider', tone.kicker)}>{slide.subtitle}</p>
          ) : null}
          <h2 className="max-w-xl text-4xl font-bold tracking-tight lg:text-5xl">{slide.title}</h2>
          {slide.description ? <p className="max-w-lg text-base opacity-90 sm:text-lg">{slide.description}</p> : null}
          <ContentLink
            href={slide.link}
            className={cn('mt-3 inline-flex h-11 items-center rounded-md px-6 text-sm font-semibold shadow-sm', tone.cta)}
          >
            {slide.buttonText}
          </ContentLink>
        </div>
        {slide.imageUrl ? (
          // Decorative (the title says what the slide is); a plain img, as the export cannot optimise remote images.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={slide.imageUrl}
            alt=""
            loading={index === 0 ? 'eager' : 'lazy'}
            decoding="async"
            className="hidden aspect-[4/3] w-full max-w-xs justify-self-end rounded-xl object-cover sm:block"
          />
        ) : (
          <HeroArt art={slide.art} className={cn('hidden h-auto w-full max-w-xs justify-self-end sm:block', tone.art)} />
        )}
      </div>
    </div>
  );
}
