'use client';

import { useSiteName } from '@/lib/public-settings';

export function SiteFooter() {
  const siteName = useSiteName();
  return (
    <footer className="mt-16 border-t border-neutral-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 text-sm text-neutral-600 sm:px-6">
        <p>
          <span className="font-semibold text-neutral-800">{siteName}</span> — products from
          South African stores. Prices are in rand and include VAT.
        </p>
      </div>
    </footer>
  );
}
