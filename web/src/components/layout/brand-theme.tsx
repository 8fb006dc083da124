'use client';

import { useEffect } from 'react';
import { usePublicSettings } from '@/lib/public-settings';

/** The style element the server puts in every page's head (crates/api/src/web/head.rs). */
const STYLE_ID = 'brand-theme';

/**
 * The admins' branding applied to the site: the `<style id="brand-theme">` the server serves every
 * page with (the branding's CSS, written by the server: empty for the built-in look) kept up to
 * date when the settings change, the favicon, and the light theme's browser colour.
 */
export function BrandTheme() {
  const { data } = usePublicSettings();
  const branding = data?.branding;
  // Nothing is changed until the settings are known.
  const css = data ? (branding?.css ?? '') : null;
  const favicon = branding?.favicon_url || null;
  const themeColour = branding?.light?.brand_700 ?? null;

  useEffect(() => {
    if (css === null) return;
    const style = document.getElementById(STYLE_ID) ?? Object.assign(document.createElement('style'), { id: STYLE_ID });
    if (!css) return style.remove();
    style.textContent = css;
    if (!style.isConnected) document.head.append(style);
  }, [css]);

  useEffect(() => replaceAttribute('link[rel~="icon"]', 'href', favicon), [favicon]);
  useEffect(() => replaceAttribute('meta[name="theme-color"]:not([media*="dark"])', 'content', themeColour), [themeColour]);

  return null;
}

/**
 * Sets `attribute` on the head's elements matching `selector` (the exported pages have Next's
 * icon link and the theme colours); the icon's `type` is dropped, as the picture may be of
 * another kind. Answers how to put them back.
 */
function replaceAttribute(selector: string, attribute: string, value: string | null) {
  if (!value) return;
  const saved = [...document.head.querySelectorAll(selector)].map(
    (element) => [element, element.getAttribute(attribute), element.getAttribute('type')] as const,
  );
  for (const [element] of saved) {
    element.setAttribute(attribute, value);
    element.removeAttribute('type');
  }
  return () => {
    for (const [element, old, type] of saved) {
      if (old !== null) element.setAttribute(attribute, old);
      if (type !== null) element.setAttribute('type', type);
    }
  };
}
