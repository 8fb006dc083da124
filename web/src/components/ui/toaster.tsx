'use client';

import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Toaster as Sonner, toast, useSonner } from 'sonner';
import { takeFlashToast, type FlashToast } from '@/lib/flash-toast';
import { useTheme } from '@/lib/theme/use-theme';

/**
 * Space between the site header and a toast, in CSS pixels. globals.css clips toasts at the same
 * distance above the toaster, so no part of one, sliding in or out, is over the header.
 */
export const TOAST_GAP_PX = 12;

/** The site header's bottom edge in the viewport, in CSS pixels; null on pages without one. */
function headerBottom(): number | null {
  const header = document.querySelector('[data-site-header]');
  return header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom)) : null;
}

/**
 * The header's bottom edge while toasts show: measured when one arrives (the header is hidden in
 * the vendor and admin areas), then on scrolling and resizing. The header is sticky, so the edge
 * moves only while the test-payments notice above it scrolls out of view; a measure that finds
 * it where it was renders nothing. Before the first toast, null.
 */
function useHeaderBottomWhileToasting(): number | null {
  const { toasts } = useSonner();
  const [bottom, setBottom] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (toasts.length === 0) return;
    const update = () => setBottom(headerBottom());
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [toasts]);
  return bottom;
}

/**
 * The site's toasts: one visible at a time, in the current theme (SPEC §9). Shows the toast a
 * previous page left for after a full reload (lib/flash-toast).
 *
 * Toasts sit just under the site header, not over it. In Sonner's place at the top of the screen
 * a toast covered part of the header for its five seconds, and on a phone, where it spans the
 * screen, the cart link, search and account: a tap on the cart right after "Added to cart"
 * landed on the toast, or began on the link and ended on the toast sliding in, and did nothing.
 * Without a header, Sonner's own offset applies.
 */
export function Toaster() {
  const { resolved } = useTheme();
  const bottom = useHeaderBottomWhileToasting();
  const offset = bottom === null ? undefined : { top: bottom + TOAST_GAP_PX };
  // Taken once per page, even when effects run twice (React's strict mode in development).
  const flashRef = useRef<FlashToast | null | undefined>(undefined);

  useEffect(() => {
    if (flashRef.current === undefined) flashRef.current = takeFlashToast();
    const flash = flashRef.current;
    if (!flash) return;
    // After Sonner has mounted its list.
    const timer = setTimeout(() => {
      flashRef.current = null;
      const show = flash.kind === 'success' ? toast.success : toast.info;
      show(flash.title, { description: flash.description });
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Sonner
      theme={resolved}
      visibleToasts={1}
      position="top-center"
      offset={offset}
      mobileOffset={offset}
      richColors
      closeButton
      toastOptions={{ duration: 5000 }}
    />
  );
}
