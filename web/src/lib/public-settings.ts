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
  currencies: (SettingsCurrency & { enabled: boolean })[];
  countries: { code: string; name: string; enabled: boolean }[];
  /** The store's details (admin general settings); only its name is read here. */
  store?: { name: string } | null;
  /** Maintenance mode: the shop shows `message` instead of itself to all but admins. */
  maintenance?: { enabled: boolean; message: string } | null;
  /** Whether new customers may make accounts (absent: open). */
  sign_up_open?: boolean;
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
