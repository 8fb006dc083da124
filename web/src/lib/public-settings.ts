import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { DEFAULT_CURRENCY, type CurrencyFormat } from '@/lib/money';

/** GET /api/v1/settings/public: site-wide configuration every part of the site reads. */

export interface SettingsCurrency {
  code: string;
  name: string;
  symbol: string | null;
  decimal_places: number;
}

export interface PublicSettings {
  currency: SettingsCurrency | null;
  shipping: {
    free_shipping_threshold_cents: number | null;
    default_shipping_rate_cents: number | null;
  } | null;
  tax: { default_rate_percent: number } | null;
  site: { logo_url: string | null; logo_text: string | null } | null;
  /**
   * The display currencies; `rate` is how many units of one a rand buys (a decimal string, "1"
   * for the store currency; null or absent when none is set).
   */
  currencies: (SettingsCurrency & { enabled: boolean; rate?: string | null })[];
  countries: { code: string; name: string; enabled: boolean }[];
  /** The provinces delivered to, by full name, in the provinces' order (absent: all nine). */
  delivery_provinces?: string[];
  /** The store's details (admin general settings); only its name is read here. */
  store?: { name: string } | null;
  /** Maintenance mode: the shop shows `message` instead of itself to all but admins. */
  maintenance?: { enabled: boolean; message: string } | null;
  /** Whether new customers may make accounts (absent: open). */
  sign_up_open?: boolean;
  /** The admins' branding (absent or null colours: the built-in palette of globals.css). */
  branding?: PublicBranding | null;
  /** The tracking tools that are on; each loads only after the visitor's consent. */
  tracking?: PublicTracking | null;
}

/** One theme's brand scale and sale colour, as CSS colours. */
export interface ThemeColours {
  brand_50: string;
  brand_100: string;
  brand_600: string;
  brand_700: string;
  brand_800: string;
  sale: string;
}

export interface PublicBranding {
  /** The text of the site's `<style id="brand-theme">`; empty for the built-in look. */
  css: string;
  favicon_url: string | null;
  /** CSS font-family values. */
  body_font: string;
  heading_font: string;
  light: ThemeColours | null;
  dark: ThemeColours | null;
}

export interface PublicTracking {
  /** Analytics. */
  ga4: { measurement_id: string; anonymize_ip: boolean; send_page_view: boolean } | null;
  /** Marketing; a null label sends nothing for its event. */
  google_ads: {
    conversion_id: string;
    purchase_label: string | null;
    add_to_cart_label: string | null;
    begin_checkout_label: string | null;
    sign_up_label: string | null;
  } | null;
  /** Analytics. */
  hotjar: { site_id: string } | null;
  /** Marketing. */
  meta_pixel: {
    pixel_id: string;
    track_page_view: boolean;
    track_add_to_cart: boolean;
    track_purchase: boolean;
  } | null;
}

export interface PublicSettingsResponse {
  settings: PublicSettings;
}

export const SITE_NAME_FALLBACK = 'bazaar';

export function fetchPublicSettings(signal?: AbortSignal): Promise<PublicSettingsResponse> {
  return api.get('/api/v1/settings/public', { signal });
}

export function publicSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'public'] as const,
    queryFn: ({ signal }) => fetchPublicSettings(signal),
    select: (data) => data.settings,
  });
}

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}

/** The store currency from settings, or ZAR (R, 2 decimals) until and unless settings say otherwise. */
export function useStoreCurrency(): CurrencyFormat {
  const { data } = usePublicSettings();
  return data?.currency ?? DEFAULT_CURRENCY;
}

/** The site name shown as the logo text. */
export function useSiteName(): string {
  const { data } = usePublicSettings();
  return data?.site?.logo_text?.trim() || SITE_NAME_FALLBACK;
}
