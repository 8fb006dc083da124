'use client';

import dynamic from 'next/dynamic';
import { Mail } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { STILL } from '@/features/home/components/home-section';
import { useNearViewport } from '@/features/home/lib/use-near-viewport';

function FormPlaceholder() {
  return (
    <div className="flex flex-col gap-2 sm:flex-row" aria-hidden="true">
      <Skeleton className="h-11 sm:flex-1" />
      <Skeleton className="h-11 sm:w-32" />
    </div>
  );
}

// The form brings react-hook-form and zod; loading it only near the box keeps them out of the
// home page's first load.
const NewsletterForm = dynamic(
  () => import('@/features/home/components/newsletter-form').then((module) => module.NewsletterForm),
  { ssr: false, loading: FormPlaceholder },
);

/** The newsletter box at the foot of the home page (SPEC §2). */
export function NewsletterBox() {
  const [ref, near] = useNearViewport<HTMLDivElement>('600px');
  return (
    <section
      aria-labelledby="home-newsletter-heading"
      data-testid="home-newsletter"
      className="grid gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-neutral-200 sm:p-10 lg:grid-cols-2 lg:items-center"
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:flex">
          <Mail aria-hidden="true" className="size-6" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="home-newsletter-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
            Get the best deals first
          </h2>
          <p className="text-neutral-600">
            Subscribe to our newsletter for new arrivals, daily deals and offers.
          </p>
        </div>
      </div>
      <div ref={ref} className={near ? 'min-h-11' : `min-h-11 ${STILL}`}>
        {near ? <NewsletterForm /> : <FormPlaceholder />}
      </div>
    </section>
  );
}
