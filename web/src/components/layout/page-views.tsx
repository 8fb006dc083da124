'use client';

import { Suspense, useEffect, useRef } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { trackPageView } from '@/lib/analytics/analytics';

/** The page's address without its fragment. */
function currentUrl(): string {
  const { origin, pathname, search } = window.location;
  return `${origin}${pathname}${search}`;
}

function PageViewRecorder() {
  const pathname = usePathname();
  const search = useSearchParams()?.toString() ?? '';
  const previous = useRef<string | null>(null);

  useEffect(() => {
    // Read from the location: on pages exported once for every slug, it has the real path.
    const url = currentUrl();
    if (url === previous.current) return;
    const referrer = previous.current ?? (document.referrer || null);
    previous.current = url;
    void trackPageView(url, referrer);
  }, [pathname, search]);

  return null;
}

/**
 * Records a page view for the first page and for each route change after it (SPEC §2), with the
 * previous page (or the document's referrer) as referrer.
 */
export function PageViews() {
  return (
    <Suspense fallback={null}>
      <PageViewRecorder />
    </Suspense>
  );
}
