'use client';

import { useEffect, useId, useRef } from 'react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { CATEGORY_WORDS, toolPhrase } from '@/features/consent/components/consent-words';
import { ALL_ACCEPTED, NECESSARY_ONLY, saveConsent, type ConsentCategory } from '@/features/consent/lib/consent';
import { TOOL_CATEGORY, type ToolName } from '@/features/consent/lib/tools';

/**
 * The consent banner at the foot of the page: what the tools that are on would collect and why,
 * who receives it, and that the choice can be changed any time. "Accept all" and "Necessary only"
 * are equally easy; "Choose" opens the per-category dialog. Not modal: the shop stays usable, and
 * nothing of the tools loads until the visitor accepts. It takes focus when it appears on a page
 * where nothing else has it, so keyboard and screen reader users meet it first.
 */
export function ConsentBanner({ tools, onChoose }: { tools: readonly ToolName[]; onChoose: () => void }) {
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  const categories = (['analytics', 'marketing'] as const).filter((category: ConsentCategory) =>
    tools.some((tool) => TOOL_CATEGORY[tool] === category),
  );

  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) ref.current?.focus({ preventScroll: true });
  }, []);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-40 max-h-[85vh] overflow-y-auto border-t border-neutral-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] outline-none"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6 lg:flex-row lg:items-end lg:gap-8">
        <div className="flex flex-col gap-2 text-sm text-neutral-700">
          <h2 id={titleId} className="text-base font-semibold text-neutral-900">
            Cookies and your privacy
          </h2>
          <p>
            We use cookies and similar storage that the shop needs to work, such as your cart and signing in. With
            your permission we would also like to use:
          </p>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            {categories.map((category) => (
              <li key={category}>
                <strong className="font-semibold text-neutral-900">
                  {CATEGORY_WORDS[category].title} ({toolPhrase(tools, category)}):
                </strong>{' '}
                {CATEGORY_WORDS[category].purpose}
              </li>
            ))}
          </ul>
          <p>
            These companies receive that information and may process it outside South Africa. Nothing is sent to
            them unless you agree, and you can change your choice at any time under “Cookie settings” at the bottom of
            every page. Read more in our{' '}
            <Link href="/privacy/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
              privacy policy
            </Link>
            .
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button className="h-11" onClick={() => saveConsent(ALL_ACCEPTED)}>
            Accept all
          </Button>
          <Button className="h-11" onClick={() => saveConsent(NECESSARY_ONLY)}>
            Necessary only
          </Button>
          <Button variant="secondary" className="h-11" onClick={onChoose}>
            Choose
          </Button>
        </div>
      </div>
    </section>
  );
}
