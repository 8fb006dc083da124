import Link from 'next/link';
import { CircleHelp, Mail, RotateCcw, Truck, type LucideIcon } from 'lucide-react';

/** The pages that stay as they are (SPEC): the FAQ, the delivery and returns policies, and contact. */
const TOPICS: { href: string; title: string; summary: string; icon: LucideIcon }[] = [
  {
    href: '/faq/',
    title: 'Frequently asked questions',
    summary: 'Prices, VAT, payments, sellers and more.',
    icon: CircleHelp,
  },
  {
    href: '/delivery-policy/',
    title: 'Delivery',
    summary: 'Shipping costs, free shipping and delivery times.',
    icon: Truck,
  },
  {
    href: '/returns/',
    title: 'Returns',
    summary: 'What can be returned, and how.',
    icon: RotateCcw,
  },
  {
    href: '/contact/',
    title: 'Contact us',
    summary: 'Email support and our business hours.',
    icon: Mail,
  },
];

/** The help centre's topic cards. Server component. */
export function HelpTopics() {
  return (
    <section aria-labelledby="help-topics-heading">
      <h2 id="help-topics-heading" className="text-xl font-semibold tracking-tight text-neutral-900">
        More help
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {TOPICS.map((topic) => (
          <li key={topic.href}>
            <Link
              href={topic.href}
              className="flex h-full items-start gap-4 rounded-lg border border-neutral-200 bg-white p-5 transition-colors hover:border-brand-600 hover:bg-brand-50"
            >
              <topic.icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
              <span>
                <span className="block font-semibold text-neutral-900">{topic.title}</span>
                <span className="mt-1 block text-sm text-neutral-600">{topic.summary}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
