'use client';

import { ArrowRight, Flame, Sparkles } from 'lucide-react';
import { useHomeContent, type HomeBanner } from '@/features/home/api/home-content';
import { ContentLink } from '@/features/home/components/content-link';
import { cn } from '@/lib/cn';

interface Tone {
  fill: string;
  text: string;
}

/** Each tone's fill and text colours (the text's are left out over a picture). */
const TONES = {
  sale: { fill: 'bg-sale', text: 'text-white' },
  // In the dark theme a raised dark card rather than the inverted (light) fill.
  dark: {
    fill: 'bg-neutral-900 dark:bg-neutral-100 dark:ring-1 dark:ring-neutral-300',
    text: 'text-white dark:text-neutral-900',
  },
  // The dark theme lightens the brand fill and turns text-white dark, so the text keeps its contrast.
  brand: { fill: 'bg-brand-700', text: 'text-white' },
} satisfies Record<string, Tone>;

/** The API sends `sale`, `dark` or `brand`; anything else is shown as brand. */
function toneOf(tone: string): Tone {
  return Object.hasOwn(TONES, tone) ? TONES[tone as keyof typeof TONES] : TONES.brand;
}

const CARD =
  'group relative flex min-h-40 flex-col justify-between gap-4 overflow-hidden rounded-2xl p-6 shadow-sm transition hover:shadow-md sm:p-8';

/**
 * The banners under the daily deals (SPEC §2), which admins edit (features/home/api/home-content.ts):
 * the built-in two as exported, marked `data-home-default`; the admins' once the page knows them;
 * a placeholder of the same height while they load.
 */
export function HomeBanners() {
  const state = useHomeContent();
  if (state.status === 'loading') {
    return (
      <section aria-label="Shop highlights" aria-busy="true" data-testid="banners-placeholder" className="grid gap-3 sm:grid-cols-2 sm:gap-5">
        {[0, 1].map((index) => (
          <div key={index} className={cn(CARD, 'animate-pulse bg-neutral-100 shadow-none motion-reduce:animate-none')} />
        ))}
      </section>
    );
  }
  const { banners } = state.content;
  if (banners.length === 0) return null;
  return (
    <section
      aria-label="Shop highlights"
      data-home-default={state.status === 'default' ? '' : undefined}
      className="grid gap-3 sm:grid-cols-2 sm:gap-5"
    >
      {banners.map((banner, index) => (
        <Banner key={index} banner={banner} index={index} />
      ))}
    </section>
  );
}

function Banner({ banner, index }: { banner: HomeBanner; index: number }) {
  const Icon = index === 0 ? Flame : Sparkles;
  const image = banner.image_url || null;
  const tone = toneOf(banner.tone);
  return (
    <ContentLink
      href={banner.link}
      data-testid="home-banner"
      // Over a picture's dark veil the text is white in both themes (text-white follows the theme).
      className={cn(CARD, tone.fill, image ? 'text-[#fff]' : tone.text)}
    >
      {image ? (
        <>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={image} alt="" loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover" />
          <span aria-hidden="true" className="absolute inset-0 bg-[#000]/55" />
        </>
      ) : (
        <Icon aria-hidden="true" className="absolute -right-4 -top-4 size-32 opacity-15" />
      )}
      <div className="relative flex flex-col gap-1">
        {banner.kicker ? <p className="text-xs font-semibold uppercase tracking-wider opacity-90">{banner.kicker}</p> : null}
        <h2 className="text-2xl font-bold tracking-tight">{banner.title}</h2>
        {banner.text ? <p className="max-w-sm text-sm opacity-90 sm:text-base">{banner.text}</p> : null}
      </div>
      <span className="relative inline-flex items-center gap-1 text-sm font-semibold underline-offset-4 group-hover:underline">
        {banner.button_text}
        <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
      </span>
    </ContentLink>
  );
}
