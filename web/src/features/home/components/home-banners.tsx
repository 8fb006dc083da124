import Link from 'next/link';
import { ArrowRight, Flame, Sparkles } from 'lucide-react';
import { DAILY_DEALS_PATH, NEWEST_PATH } from '@/features/home/lib/home-links';
import { cn } from '@/lib/cn';

/**
 * Two banners (SPEC §2). SPEC points one at /community, which the site does not have yet; until
 * it does, that banner leads to the new arrivals instead, with words to match.
 */
const BANNERS = [
  {
    id: 'daily-deals',
    icon: Flame,
    kicker: 'Today only',
    title: 'Daily deals',
    text: 'New discounts every day on gear from our stores.',
    cta: 'See the deals',
    href: DAILY_DEALS_PATH,
    className: 'bg-sale text-white',
  },
  {
    id: 'new-arrivals',
    icon: Sparkles,
    kicker: 'Just landed',
    title: 'New arrivals',
    text: 'The latest kit from South African brands, fresh in the shop.',
    cta: 'Shop new arrivals',
    href: NEWEST_PATH,
    // In the dark theme a raised dark card rather than the inverted (light) fill.
    className: 'bg-neutral-900 text-white dark:bg-neutral-100 dark:text-neutral-900 dark:ring-1 dark:ring-neutral-300',
  },
] as const;

export function HomeBanners() {
  return (
    <section aria-label="Shop highlights" className="grid gap-3 sm:grid-cols-2 sm:gap-5">
      {BANNERS.map(({ id, icon: Icon, kicker, title, text, cta, href, className }) => (
        <Link
          key={id}
          href={href}
          data-testid="home-banner"
          className={cn(
            'group relative flex min-h-40 flex-col justify-between gap-4 overflow-hidden rounded-2xl p-6 shadow-sm transition hover:shadow-md sm:p-8',
            className,
          )}
        >
          <Icon aria-hidden="true" className="absolute -right-4 -top-4 size-32 opacity-15" />
          <div className="relative flex flex-col gap-1">
            <p className="text-xs font-semibold uppercase tracking-wider opacity-90">{kicker}</p>
            <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
            <p className="max-w-sm text-sm opacity-90 sm:text-base">{text}</p>
          </div>
          <span className="relative inline-flex items-center gap-1 text-sm font-semibold underline-offset-4 group-hover:underline">
            {cta}
            <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
          </span>
        </Link>
      ))}
    </section>
  );
}
