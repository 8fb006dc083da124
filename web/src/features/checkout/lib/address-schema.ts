import { z } from 'zod';
import type { ShippingAddressInput } from '@/features/checkout/api/checkout-types';

/** South African shipping addresses, checked as the server does (crates/domain checkout.rs). */

export const PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'Northern Cape',
  'North West',
  'Western Cape',
] as const;

/**
 * The provinces checkout offers: those the public settings' `delivery_provinces` name, in the
 * order above; all nine while the settings are not loaded (or name none the site knows).
 */
export function offeredProvinces(delivery: readonly string[] | null | undefined): readonly string[] {
  const offered = PROVINCES.filter((province) => delivery?.includes(province));
  return offered.length > 0 ? offered : PROVINCES;
}

export const ADDRESS_MESSAGES = {
  recipient: "Enter the recipient's name",
  phone: 'Enter a South African phone number, e.g. 082 123 4567',
  line1: 'Enter the street address',
  city: 'Enter the city or town',
  province: 'Choose a South African province',
  postalCode: 'Enter a 4-digit South African postal code',
} as const;

/** `0XX XXX XXXX`, `+27 XX XXX XXXX` or `27…`, with spaces, dashes or brackets. */
export function isSouthAfricanPhone(input: string): boolean {
  const digits = input.trim().replace(/^\+/, '').replace(/[\s\-()]/g, '');
  if (!/^\d+$/.test(digits)) return false;
  let national: string;
  if (digits.length === 10 && digits.startsWith('0')) national = digits;
  else if (digits.length === 11 && digits.startsWith('27')) national = `0${digits.slice(2)}`;
  else return false;
  return national[1] !== '0';
}

const required = (message: string, max: number) =>
  z.string().trim().min(1, message).max(max, `Use at most ${max} characters`);

/** The address form's checks, with `provinces` the ones offered (offeredProvinces). */
export function makeAddressSchema(provinces: readonly string[] = PROVINCES) {
  return z.object({
    recipient: required(ADDRESS_MESSAGES.recipient, 100),
    phone: z.string().refine(isSouthAfricanPhone, ADDRESS_MESSAGES.phone),
    line1: required(ADDRESS_MESSAGES.line1, 200),
    line2: z.string().trim().max(200, 'Use at most 200 characters'),
    suburb: z.string().trim().max(200, 'Use at most 200 characters'),
    city: required(ADDRESS_MESSAGES.city, 100),
    province: z.string().refine((value) => provinces.includes(value), ADDRESS_MESSAGES.province),
    postal_code: z
      .string()
      .trim()
      .regex(/^\d{4}$/, ADDRESS_MESSAGES.postalCode)
      .refine((code) => code !== '0000', ADDRESS_MESSAGES.postalCode),
  });
}

export const addressSchema = makeAddressSchema();

export type AddressFormValues = z.infer<typeof addressSchema>;

export const EMPTY_ADDRESS: AddressFormValues = {
  recipient: '',
  phone: '',
  line1: '',
  line2: '',
  suburb: '',
  city: '',
  province: '',
  postal_code: '',
};

/** The form's values as the API takes them (optional lines left out when blank). */
export function toShippingAddress(values: AddressFormValues): ShippingAddressInput {
  return {
    recipient: values.recipient.trim(),
    phone: values.phone.trim(),
    line1: values.line1.trim(),
    ...(values.line2.trim() ? { line2: values.line2.trim() } : {}),
    ...(values.suburb.trim() ? { suburb: values.suburb.trim() } : {}),
    city: values.city.trim(),
    province: values.province,
    postal_code: values.postal_code.trim(),
  };
}

export const ADDRESS_FIELDS = Object.keys(EMPTY_ADDRESS) as (keyof AddressFormValues)[];
