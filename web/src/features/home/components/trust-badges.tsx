import Link from 'next/link';
import { PackageCheck, RotateCcw, ShieldCheck, Truck } from 'lucide-react';
import { DELIVERY_POLICY_PATH, RETURNS_PATH } from '@/features/home/lib/home-links';
import { DELIVERY_TIME, FREE_SHIPPING_OVER, RETURN_WINDOW } from '@/lib/shop-info';

/** What every order can count on (SPEC §9), in the words of the delivery and returns pages. */
const BADGES = [
  {
    icon: ShieldCheck,
    title: 'Secure payments',
    text: 'Pay safely with PayFast.',
    href: null,
  },
  {
    icon: Truck,
    title: 'Delivery across South Africa',
    text: `In ${DELIVERY_TIME}.`,
    href: DELIVERY_POLICY_PATH,
  },
  {
    icon: PackageCheck,
    title: 'Free delivery',
    text: `On orders over ${FREE_SHIPPING_OVER}.`,
    href: DELIVERY_POLICY_PATH,
  },
  {
    icon: RotateCcw,
    title: `Returns within ${RETURN_WINDOW}`,
    text: 'For wrong or damaged items.',
    href: RETURNS_PATH,
  },
] as const;

export function TrustBadges() {
  return (
    <section aria-labelledby="home-trust-heading" data-testid="home-trust-badges">
      <h2 id="home-trust-heading" className="sr-only">
        Why shop with us
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
        {BADGES.map(({ icon: Icon, title, text, href }) => (
          <li key={title} className="flex flex-col items-center gap-2 rounded-lg border border-neutral-200 bg-white p-4 text-center sm:flex-row sm:items-start sm:text-left">
            <Icon aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
            <div className="flex flex-col gap-0.5">
              <h3 className="text-sm font-semibold text-neutral-900 sm:text-base">
                {href ? (
                  <Link href={href} className="underline-offset-4 hover:text-brand-700 hover:underline">
                    {title}
                  </Link>
                ) : (
                  title
                )}
              </h3>
              <p className="text-sm text-neutral-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
