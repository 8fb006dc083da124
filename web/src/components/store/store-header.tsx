import type { CSSProperties } from 'react';
import { ExternalLink, Truck } from 'lucide-react';
import type { EstimatedDelivery } from '@/lib/catalogue-types';
import { parseHexColour, readableTextOn } from '@/lib/colour';
import { deliveryLabel } from '@/lib/delivery';
import { cn } from '@/lib/cn';
import { visibleSocialLinks } from '@/lib/selling/social-links';

/** What the store header shows, as plain values: the store page passes the API's, the vendor's preview the form's. */
export interface StoreHeaderProps {
  name: string;
  description: string;
  logoUrl: string | null;
  bannerUrl: string | null;
  /** The pictures' WebP renditions as `srcset`s, when the API has them. */
  logoSrcSet?: string | null;
  bannerSrcSet?: string | null;
  /** `#rrggbb`, or null for the site's colours. */
  accentColor: string | null;
  delivery: EstimatedDelivery | null;
  socialLinks: Readonly<Record<string, string>>;
  /** h1 on the store page; lower where the header is a preview inside another page. */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

/**
 * The top of a store's page: its banner, logo, name, description, delivery promise and links.
 * The store's accent colour (a CSS variable, --store-accent) draws the top edge and fills the
 * links, whose text is black or white, whichever reads on it (--store-accent-text).
 */
export function StoreHeader({
  name,
  description,
  logoUrl,
  bannerUrl,
  logoSrcSet = null,
  bannerSrcSet = null,
  accentColor,
  delivery,
  socialLinks,
  headingLevel = 'h1',
}: StoreHeaderProps) {
  const Heading = headingLevel;
  const accent = parseHexColour(accentColor);
  const style = accent
    ? ({ '--store-accent': accent, '--store-accent-text': readableTextOn(accent) } as CSSProperties)
    : undefined;
  const deliveryText = deliveryLabel(delivery);
  const about = description.trim();
  const links = visibleSocialLinks(socialLinks);

  return (
    <header
      style={style}
      data-testid="store-header"
      data-accent={accent ?? undefined}
      className={cn(
        'overflow-hidden rounded-2xl border border-neutral-200 bg-white',
        accent && 'border-t-4 border-t-[color:var(--store-accent)]',
      )}
    >
      {bannerUrl ? (
        <div className="aspect-[3/1] w-full bg-neutral-100 sm:aspect-[4/1]">
          {/* Decorative: the name and logo say whose page it is. Static export: served as it is. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={bannerUrl}
            srcSet={bannerSrcSet ?? undefined}
            sizes={bannerSrcSet ? '(min-width: 1280px) 1280px, 100vw' : undefined}
            alt=""
            decoding="async"
            fetchPriority="high"
            className="size-full object-cover"
            data-testid="store-banner"
          />
        </div>
      ) : null}
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:gap-6 sm:p-8">
        <StoreLogo name={name} logoUrl={logoUrl} srcSet={logoSrcSet} />
        <div className="flex min-w-0 flex-col gap-2">
          <Heading data-testid="store-name" className="text-2xl font-bold tracking-tight break-words text-neutral-900 sm:text-3xl">
            {name}
          </Heading>
          {about ? (
            <p data-testid="store-description" className="max-w-3xl leading-relaxed whitespace-pre-line text-neutral-700">
              {about}
            </p>
          ) : null}
          {deliveryText ? (
            <p data-testid="store-delivery" className="flex items-center gap-2 text-sm text-neutral-700">
              <Truck aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
              <span>{deliveryText}</span>
            </p>
          ) : null}
          {links.length > 0 ? (
            <ul aria-label={`${name} elsewhere`} className="mt-1 flex flex-wrap gap-2" data-testid="store-social-links">
              {links.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1.5 rounded-full bg-[color:var(--store-accent,var(--color-brand-700))] px-3 py-1.5 text-sm font-medium text-[color:var(--store-accent-text,var(--color-white))] hover:opacity-90"
                  >
                    {link.label}
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </header>
  );
}

function StoreLogo({ name, logoUrl, srcSet }: { name: string; logoUrl: string | null; srcSet: string | null }) {
  const frame =
    'flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-neutral-200 sm:size-24';
  if (!logoUrl) {
    // No logo: the store's initial, decorative (the name is right next to it), in the accent colour.
    return (
      <div
        aria-hidden="true"
        className={`${frame} bg-[color:var(--store-accent,var(--color-neutral-50))] text-3xl font-bold text-[color:var(--store-accent-text,var(--color-brand-700))]`}
      >
        {name.trim().charAt(0).toUpperCase()}
      </div>
    );
  }
  return (
    <div className={`${frame} bg-neutral-50`}>
      {/* Static export: images are served as they are (images.unoptimized). */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={logoUrl}
        srcSet={srcSet ?? undefined}
        sizes={srcSet ? '96px' : undefined}
        alt={`${name} logo`}
        width={96}
        height={96}
        decoding="async"
        className="size-full object-contain p-2"
        data-testid="store-logo"
      />
    </div>
  );
}
