import type { ConsentCategory, ConsentChoice } from '@/features/consent/lib/consent';
import type { PublicTracking } from '@/lib/public-settings';

/**
 * The admin's tracking tools (public settings' `tracking`, only those switched on) and which of
 * them a visitor's choice lets load: GA4 and Hotjar are analytics, Google Ads and the Meta Pixel
 * marketing (docs/decisions.md, "Tracking tools").
 */

export type ToolName = keyof PublicTracking;

const TOOL_NAMES: readonly ToolName[] = ['ga4', 'hotjar', 'google_ads', 'meta_pixel'];

export const TOOL_CATEGORY: Record<ToolName, ConsentCategory> = {
  ga4: 'analytics',
  hotjar: 'analytics',
  google_ads: 'marketing',
  meta_pixel: 'marketing',
};

/** The tools switched on, in the order the banner names them. */
export function toolsOn(tracking: PublicTracking | null | undefined): ToolName[] {
  return TOOL_NAMES.filter((name) => tracking?.[name]);
}

/** Every tool needs consent, so the banner asks when any is on. */
export function needsConsent(tracking: PublicTracking | null | undefined): boolean {
  return toolsOn(tracking).length > 0;
}

/** The tools to load: on in the settings and in a category the visitor accepted (the rest null). */
export function allowedTools(tracking: PublicTracking | null | undefined, consent: ConsentChoice | null): PublicTracking {
  const allowed = (name: ToolName) => Boolean(consent?.[TOOL_CATEGORY[name]]);
  return {
    ga4: allowed('ga4') ? (tracking?.ga4 ?? null) : null,
    google_ads: allowed('google_ads') ? (tracking?.google_ads ?? null) : null,
    hotjar: allowed('hotjar') ? (tracking?.hotjar ?? null) : null,
    meta_pixel: allowed('meta_pixel') ? (tracking?.meta_pixel ?? null) : null,
  };
}
