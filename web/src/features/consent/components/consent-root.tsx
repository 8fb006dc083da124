'use client';

import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { usePublicSettings } from '@/lib/public-settings';
import { setConversionSink } from '@/lib/tracking/conversions';
import { onOpenCookieSettings } from '@/lib/tracking/cookie-settings';

// Everything of consent (the banner, the choice, the tools' loader) is fetched only once a tool
// is on or the visitor asks for the cookie settings: a shop without tools adds almost nothing to
// the first load, and one with tools adds it after hydration.
const ConsentManager = dynamic(
  () => import('@/features/consent/components/consent-manager').then((m) => m.ConsentManager),
  { ssr: false },
);

const dropConversion = () => {};

/**
 * Cookie consent and the admin's tracking tools (public settings' `tracking`, each loaded only
 * after the visitor accepts its category): mounted once in the layout; the work is in
 * ConsentManager.
 */
export function ConsentRoot() {
  const { data: settings } = usePublicSettings();
  const [asked, setAsked] = useState(false);
  useEffect(() => onOpenCookieSettings(() => setAsked(true)), []);

  const toolOn = Object.values(settings?.tracking ?? {}).some(Boolean);
  useEffect(() => {
    // No tool: conversions have nowhere to go.
    if (settings && !toolOn) setConversionSink(dropConversion);
  }, [settings, toolOn]);

  if (!settings || (!toolOn && !asked)) return null;
  return <ConsentManager settings={settings} openAtStart={asked} />;
}
