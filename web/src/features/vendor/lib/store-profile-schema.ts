import { z } from 'zod';
import { parseHexColour } from '@/lib/colour';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@/lib/selling/social-links';
import type { StoreProfile, StoreProfileInput } from '@/lib/selling/types';

/**
 * The store page's forms (/vendor/store and /vendor/store/customize): the API's rules and
 * messages (crates/domain/src/vendor.rs, StoreProfileDraft) checked before sending. Web
 * addresses are only checked for `https://` here; the API checks the rest, and its field errors
 * (`social_links.instagram` and the like, the forms' own field names) land on the same inputs.
 */

export const STORE_PROFILE_MESSAGES = {
  storeName: 'Store name must be 2 to 60 characters',
  description: 'Description must be at most 2000 characters',
  returnPolicy: 'Return policy must be at most 2000 characters',
  days: 'Between 1 and 60 business days',
  maxDays: 'At least the fewest days',
  link: 'Use a full https:// address',
  colour: 'Use a colour like #0f766e',
} as const;

export const MAX_DELIVERY_DAYS = 60;
export const MAX_TEXT = 2000;

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(value: string): number {
  return Array.from(value).length;
}

const storeName = z
  .string()
  .trim()
  .refine((value) => charCount(value) >= 2 && charCount(value) <= 60, STORE_PROFILE_MESSAGES.storeName);

function longText(message: string) {
  return z
    .string()
    .trim()
    .refine((value) => charCount(value) <= MAX_TEXT, message);
}

/** Business days as typed: empty (no promise) or a whole number from 1 to 60. */
const days = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_DELIVERY_DAYS), STORE_PROFILE_MESSAGES.days)
  .transform((value) => (value === '' ? null : Number(value)));

const link = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^https:\/\/\S+$/.test(value) && value.length <= 300), STORE_PROFILE_MESSAGES.link);

const socialLinks = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, link])) as Record<SocialNetwork, typeof link>,
);

export const storeProfileSchema = z
  .object({
    store_name: storeName,
    store_description: longText(STORE_PROFILE_MESSAGES.description),
    standard_delivery_min_days: days,
    standard_delivery_max_days: days,
    return_policy: longText(STORE_PROFILE_MESSAGES.returnPolicy),
    social_links: socialLinks,
  })
  .superRefine((values, context) => {
    const { standard_delivery_min_days: min, standard_delivery_max_days: max } = values;
    if (min !== null && max !== null && min > max) {
      context.addIssue({ code: 'custom', path: ['standard_delivery_max_days'], message: STORE_PROFILE_MESSAGES.maxDays });
    }
  });

export type StoreProfileFormInput = z.input<typeof storeProfileSchema>;
export type StoreProfileFormValues = z.output<typeof storeProfileSchema>;

export function profileFormValues(profile: StoreProfile): StoreProfileFormInput {
  const days = (value: number | null) => (value === null ? '' : String(value));
  return {
    store_name: profile.store_name,
    store_description: profile.store_description,
    standard_delivery_min_days: days(profile.standard_delivery_min_days),
    standard_delivery_max_days: days(profile.standard_delivery_max_days),
    return_policy: profile.return_policy,
    social_links: Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, profile.social_links[network] ?? '']),
    ) as Record<SocialNetwork, string>,
  };
}

/** The profile's fields of the /vendor/store form, for PUT (an empty link removes it). */
export function profileChanges(values: StoreProfileFormValues): Partial<StoreProfileInput> {
  return { ...values, social_links: { ...values.social_links } };
}

/** The look of the store (/vendor/store/customize): its name, pictures and colour. */
export const storeLookSchema = z.object({
  store_name: storeName,
  store_logo_url: z.string().nullable(),
  store_banner_url: z.string().nullable(),
  accent_color: z
    .string()
    .trim()
    .refine((value) => value === '' || parseHexColour(value) !== null, STORE_PROFILE_MESSAGES.colour),
});

export type StoreLookFormInput = z.input<typeof storeLookSchema>;
export type StoreLookFormValues = z.output<typeof storeLookSchema>;

export function lookFormValues(profile: StoreProfile): StoreLookFormInput {
  return {
    store_name: profile.store_name,
    store_logo_url: profile.store_logo_url,
    store_banner_url: profile.store_banner_url,
    accent_color: profile.accent_color ?? '',
  };
}

export function lookChanges(values: StoreLookFormValues): Partial<StoreProfileInput> {
  return {
    store_name: values.store_name,
    store_logo_url: values.store_logo_url,
    store_banner_url: values.store_banner_url,
    accent_color: parseHexColour(values.accent_color),
  };
}

/**
 * A 400's `fields` split into messages for the form's inputs (`known` names, as the API spells
 * them, in the page's order) and the rest, which the form shows above itself.
 */
export function splitFieldErrors<Name extends string>(
  fields: Record<string, unknown> | undefined,
  known: readonly Name[],
): { byField: [Name, string][]; other: string[] } {
  const byField: [Name, string][] = [];
  const other: string[] = [];
  for (const [name, message] of Object.entries(fields ?? {})) {
    if (typeof message !== 'string') continue;
    if ((known as readonly string[]).includes(name)) byField.push([name as Name, message]);
    else other.push(message);
  }
  // In the page's order, so the first one is the one focused.
  byField.sort(([a], [b]) => known.indexOf(a) - known.indexOf(b));
  return { byField, other };
}

export const PROFILE_FIELDS = [
  'store_name',
  'store_description',
  'standard_delivery_min_days',
  'standard_delivery_max_days',
  'return_policy',
  ...SOCIAL_NETWORKS.map((network) => `social_links.${network}` as const),
] as const;

export const LOOK_FIELDS = ['store_name', 'store_logo_url', 'store_banner_url', 'accent_color'] as const;
