'use client';

import Link from 'next/link';
import { Store } from 'lucide-react';
import { HEADER_LINKS } from '@/components/layout/site-links';
import { usePublicSettings, useSiteName } from '@/lib/public-settings';

export function SiteHeader() {
  const siteName = useSiteName();
  const { data: settings } = usePublicSettings();
  const logoUrl = settings?.site?.logo_url;

  return (
    <header className="sticky top-0 z-20 border-b border-neutral-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center px-4 sm:h-16 sm:flex-nowrap sm:px-6">
        <Link
          href="/"
          className="flex h-14 items-center gap-2 rounded-md text-xl font-bold sm:h-auto tracking-tight text-brand-700"
          data-testid="site-logo"
        >
          {logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={logoUrl} alt={siteName} className="h-8 w-auto" />
          ) : (
            <>
              <Store aria-hidden="true" className="size-6" />
              <span>{siteName}</span>
            </>
          )}
        </Link>
        <nav
          aria-label="Shop"
          className="-mx-4 w-[calc(100%+2rem)] overflow-x-auto border-t border-neutral-100 px-4 sm:mx-0 sm:ml-8 sm:w-auto sm:overflow-visible sm:border-0 sm:px-0"
        >
          <ul className="flex gap-5 py-2 text-sm font-medium whitespace-nowrap text-neutral-700 sm:gap-6 sm:py-0">
            {HEADER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="inline-block rounded py-1 hover:text-brand-700">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
