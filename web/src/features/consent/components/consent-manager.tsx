'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { ConsentBanner } from '@/features/consent/components/consent-banner';
import { type Consent, useConsent, withdrawnCategories } from '@/features/consent/lib/consent';
import { loadTools, withdraw } from '@/features/consent/lib/tag-loader';
import { allowedTools, needsConsent, toolsOn } from '@/features/consent/lib/tools';
import { loadPage } from '@/lib/navigation';
import type { PublicSettings } from '@/lib/public-settings';
import { setConversionSink } from '@/lib/tracking/conversions';
import { onOpenCookieSettings } from '@/lib/tracking/cookie-settings';

// The dialog (Radix's focus handling with it) only once someone asks to choose.
const ConsentDialog = dynamic(
  () => import('@/features/consent/components/consent-dialog').then((m) => m.ConsentDialog),
  { ssr: false },
);

const dropConversion = () => {};

/**
 * Cookie consent for the admin's tracking tools, once some tool is on (or the visitor asked for
 * the cookie settings): the banner while they have not chosen, the per-category dialog, and the
 * tools themselves, each loaded only once its category is accepted. Conversions
 * (lib/tracking/conversions) go to the loaded tools, or nowhere.
 */
export function ConsentManager({ settings, openAtStart }: { settings: PublicSettings; openAtStart: boolean }) {
  const consent = useConsent();
  // Open: with the element to give focus back to when it closes.
  const [dialog, setDialog] = useState<{ returnFocus: Element | null } | null>(() =>
    openAtStart ? { returnFocus: document.activeElement } : null,
  );
  useTools(settings, consent);

  const openDialog = useCallback(() => setDialog({ returnFocus: document.activeElement }), []);
  useEffect(() => onOpenCookieSettings(openDialog), [openDialog]);

  const tools = toolsOn(settings.tracking);
  return (
    <>
      {tools.length > 0 && consent === null ? <ConsentBanner tools={tools} onChoose={openDialog} /> : null}
      {dialog ? (
        <ConsentDialog tools={tools} consent={consent} onClose={() => setDialog(null)} returnFocus={dialog.returnFocus} />
      ) : null}
    </>
  );
}

/** Loads the allowed tools and routes conversions; withdrawing a category stops its tools. */
function useTools(settings: PublicSettings, consent: Consent | null) {
  useEffect(() => {
    const tools = allowedTools(settings.tracking, consent);
    if (!consent || !needsConsent(tools)) {
      setConversionSink(dropConversion);
      return;
    }
    loadTools(tools, consent, settings.currency?.code ?? 'ZAR');
    // Until the next choice is applied, conversions wait.
    return () => setConversionSink(null);
  }, [settings, consent]);

  const previous = useRef<Consent | null>(null);
  useEffect(() => {
    const off = withdrawnCategories(previous.current, consent);
    previous.current = consent;
    // A loaded script cannot be taken out of the page: a fresh load is the way to be rid of it
    // (without the fragment, which alone would not load the page again).
    if (off.length > 0 && withdraw(off)) loadPage(window.location.href.split('#')[0]!);
  }, [consent]);
}
