import type { Metadata } from 'next';
import Link from 'next/link';
import { CircleHelp, Mail, RotateCcw, Truck, type LucideIcon } from 'lucide-react';
import { ProsePage } from '@/components/layout/prose-page';

export const metadata: Metadata = {
  title: 'Help Centre',
  description: 'Help with shopping on bazaar: frequently asked questions, delivery, returns and contacting support.',
};

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

export default function HelpPage() {
  return (
    <ProsePage title="Help centre" lead="Choose a topic to find what you need.">
      <ul className="grid gap-4 sm:grid-cols-2">
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
    </ProsePage>
  );
}
