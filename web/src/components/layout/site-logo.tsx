'use client';

import Link from 'next/link';
import { Store } from 'lucide-react';
import { cn } from '@/lib/cn';
import { usePublicSettings, useSiteName } from '@/lib/public-settings';

/**
 * The site's logo picture (branding settings) at a fixed height, named by the logo text or else
 * the store's name; without a picture, the store icon and the site's name. Links to /.
 */
export function SiteLogo({ className }: { className?: string }) {
  const siteName = useSiteName();
  const { data: settings } = usePublicSettings();
  const logoUrl = settings?.site?.logo_url;
  const logoAlt = settings?.site?.logo_text?.trim() || settings?.store?.name?.trim() || siteName;
  return (
    <Link
      href="/"
      className={cn('flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-brand-700', className)}
      data-testid="site-logo"
    >
      {logoUrl ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={logoUrl} alt={logoAlt} className="h-8 w-auto" />
      ) : (
        <>
          <Store aria-hidden="true" className="size-6" />
          <span>{siteName}</span>
        </>
      )}
    </Link>
  );
}
