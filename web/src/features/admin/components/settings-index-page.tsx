'use client';

import Link from 'next/link';
import { useId } from 'react';
import {
  ChartLine,
  ChevronRight,
  Coins,
  CreditCard,
  House,
  Mail,
  Palette,
  Search,
  Send,
  Store,
  Truck,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { PageHeader } from '@/components/area/area-states';

/** One settings page: where it is and what it changes. */
interface SettingsLink {
  href: string;
  label: string;
  description: string;
  icon: LucideIcon;
}

/** The settings pages there are (add new ones here). */
export const SETTINGS_PAGES: readonly SettingsLink[] = [
  {
    href: '/admin/general-settings/',
    label: 'General',
    description: 'Store details, shipping, VAT and points.',
    icon: Store,
  },
  {
    href: '/admin/advanced-settings/',
    label: 'Advanced',
    description: 'Maintenance mode, sign-ups, product review, stock holds and rate limits.',
    icon: Wrench,
  },
  {
    href: '/admin/branding-settings/',
    label: 'Branding',
    description: 'Logo, favicon, the colours of the light and dark themes, and fonts.',
    icon: Palette,
  },
  {
    href: '/admin/home-page/',
    label: 'Home page',
    description: 'The slides at the top of the home page and the banners under its daily deals.',
    icon: House,
  },
  {
    href: '/admin/tracking-settings/',
    label: 'Tracking and cookies',
    description: 'Google Analytics, Google Ads, Hotjar and the Meta Pixel, loaded only with visitors’ consent.',
    icon: ChartLine,
  },
  {
    href: '/admin/email-templates/',
    label: 'Email templates',
    description: 'The wording of order, account and store application emails.',
    icon: Mail,
  },
  {
    href: '/admin/email-settings/',
    label: 'Email sending',
    description: 'How email leaves the store: the server’s own way or an SMTP server, and a test email.',
    icon: Send,
  },
  {
    href: '/admin/seo-settings/',
    label: 'SEO',
    description: 'The default title and description, the social image and what the sitemap lists.',
    icon: Search,
  },
  {
    href: '/admin/countries-settings/',
    label: 'Countries',
    description: 'Where orders are delivered: South Africa and the provinces served.',
    icon: Truck,
  },
  {
    href: '/admin/currencies-settings/',
    label: 'Currencies',
    description: 'The currencies shoppers may see approximate prices in, and their rates.',
    icon: Coins,
  },
  {
    href: '/admin/payment-gateways/',
    label: 'Payments',
    description: 'PayFast mode, merchant and notification sources.',
    icon: CreditCard,
  },
];

/** /admin/settings: a card for each settings page. */
export function AdminSettingsIndexPage() {
  return (
    <>
      <PageHeader title="Settings" description="How the store runs: pick what to change." />
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Settings pages">
        {SETTINGS_PAGES.map((page) => (
          <li key={page.href}>
            <SettingsCard page={page} />
          </li>
        ))}
      </ul>
    </>
  );
}

function SettingsCard({ page }: { page: SettingsLink }) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const Icon = page.icon;
  return (
    <Link
      href={page.href}
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      className="flex h-full items-center gap-3 rounded-xl border border-neutral-200 bg-white px-4 py-4 hover:border-brand-600"
      data-testid="settings-card"
    >
      <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
      <span className="min-w-0 flex-1">
        <span id={labelId} className="block text-base font-semibold text-neutral-900">
          {page.label}
        </span>{' '}
        <span id={descriptionId} className="mt-0.5 block text-sm text-neutral-600">
          {page.description}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 text-neutral-500" />
    </Link>
  );
}
