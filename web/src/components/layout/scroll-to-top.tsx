'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname } from 'next/navigation';
import { ArrowUp } from 'lucide-react';
import { cn } from '@/lib/cn';

/** SPEC §9: the button appears after this much scrolling. */
export const SCROLL_TOP_THRESHOLD_PX = 300;

/**
 * Each route change starts at the top of the page (SPEC §2 "Navigation"). The first page load is
 * left alone, so a reload keeps the browser's restored position.
 */
export function ScrollReset() {
  const pathname = usePathname();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

/** A floating "back to top" button, shown once the page is scrolled more than 300 px. */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'instant' : 'smooth' });
      }}
      aria-label="Scroll to top"
      className={cn(
        'fixed right-4 bottom-4 z-30 inline-flex size-11 items-center justify-center rounded-full sm:right-6 sm:bottom-6 md:bottom-24',
        'border border-neutral-200 bg-white text-neutral-800 shadow-lg hover:border-brand-600 hover:text-brand-700',
      )}
      data-testid="scroll-to-top"
      // Lifted above the mobile bottom bar where there is one (globals.css), and from the md
      // breakpoint up above the floating chat button, which takes the corner there.
      data-floating-control=""
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
