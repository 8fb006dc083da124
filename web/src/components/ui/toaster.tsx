'use client';

import { useEffect, useRef } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { takeFlashToast, type FlashToast } from '@/lib/flash-toast';
import { useTheme } from '@/lib/theme/use-theme';

/**
 * The site's toasts: one visible at a time, in the current theme (SPEC §9). Shows the toast a
 * previous page left for after a full reload (lib/flash-toast).
 */
export function Toaster() {
  const { resolved } = useTheme();
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
      richColors
      closeButton
      toastOptions={{ duration: 5000 }}
    />
  );
}
