'use client';

import Link from 'next/link';
import { Store } from 'lucide-react';
import { usePublicSettings, useSiteName } from '@/lib/public-settings';

export function SiteHeader() {
  const siteName = useSiteName();
  const { data: settings } = usePublicSettings();
  const logoUrl = settings?.site?.logo_url;

  return (
    <header className="sticky top-0 z-20 border-b border-neutral-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center px-4 sm:h-16 sm:px-6">
        <Link
          href="/"
          className="flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-brand-700"
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
      </div>
    </header>
  );
}
