'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { type PublicSettings, usePublicSettings, useSiteName } from '@/lib/public-settings';
import { isHeaderHidden } from '@/components/layout/site-header';
import { FOOTER_LINK_GROUPS } from '@/components/layout/site-links';
import { openCookieSettings } from '@/lib/tracking/cookie-settings';
import { useMounted } from '@/lib/use-mounted';

// Loaded only when there is a currency to choose, so pages' first load does not carry it.
const DisplayCurrencySelect = dynamic(
  () => import('@/components/layout/display-currency-select').then((m) => m.DisplayCurrencySelect),
  { ssr: false },
);

/** Whether a currency besides the store's is offered with a rate (the selector checks it fully). */
function offersOtherCurrency(settings: PublicSettings | undefined): boolean {
  const store = settings?.currency?.code ?? 'ZAR';
  return (settings?.currencies ?? []).some((currency) => currency.enabled && currency.code !== store && currency.rate);
}

/** The storefront's footer; the vendor and admin areas, like the top bar, go without it. */
export function SiteFooter() {
  const siteName = useSiteName();
  const { data: settings } = usePublicSettings();
  // The exported footer has no selector; it comes after hydration, even when the settings
  // arrived first (the footer hydrates on its own, later than the page).
  const mounted = useMounted();
  const pathname = usePathname();
  if (isHeaderHidden(pathname)) return null;
  return (
    <footer className="mt-16 border-t border-neutral-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-neutral-600 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div className="flex max-w-sm flex-col items-start gap-3">
          <p>
            <span className="font-semibold text-neutral-800">{siteName}</span> — products from
            South African stores. Prices are in rand and include VAT.
          </p>
          {/* Opens the consent dialog (features/consent), to change the choice made in the banner. */}
          <button
            type="button"
            onClick={openCookieSettings}
            className="rounded py-1 underline underline-offset-4 hover:text-brand-700"
          >
            Cookie settings
          </button>
          {/* Its room is kept from the first paint, so the footer does not grow when it comes. */}
          <div className="min-h-9">
            {mounted && offersOtherCurrency(settings) ? <DisplayCurrencySelect /> : null}
          </div>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {FOOTER_LINK_GROUPS.map((group) => (
            <div key={group.heading}>
              <h2 className="font-semibold text-neutral-900">{group.heading}</h2>
              <ul className="mt-3 flex flex-col gap-1">
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      className="inline-block rounded py-1 hover:text-brand-700 hover:underline hover:underline-offset-4"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
    </footer>
  );
}
