import { z } from 'zod';
import type { Application, ApplicationInput } from '@/lib/selling/types';

/**
 * The application form's rules, the same as the API's (crates/domain/src/vendor.rs), with its
 * messages, so a mistake is shown before anything is sent. The server checks again; its field
 * errors land on the same inputs (serverFieldErrors).
 */

export const APPLICATION_MESSAGES = {
  storeName: 'Store name must be 2 to 60 characters',
  storeSlug: 'Use 3 to 40 lower-case letters, digits and single hyphens, like cape-town-kicks',
  description: 'Description must be 20 to 2000 characters',
  categoryFocus: 'Category focus must be 2 to 80 characters',
  contactPhone: 'Enter a South African number, like 082 555 1234',
  companyRegistration: 'Use the CIPC format, like 2019/123456/07',
  vatNumber: 'A VAT number is 10 digits starting with 4',
  bankName: 'Choose your bank from the list',
  accountHolder: 'Account holder must be 2 to 80 characters',
  accountNumber: 'An account number is 6 to 13 digits',
  branchCode: 'A branch code is 6 digits',
  accept: 'Accept the vendor agreement to apply',
} as const;

export const LIMITS = {
  storeName: [2, 60],
  storeSlug: [3, 40],
  description: [20, 2000],
  categoryFocus: [2, 80],
  accountHolder: [2, 80],
} as const;

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(value: string): number {
  return Array.from(value).length;
}

function text([min, max]: readonly [number, number], message: string) {
  return z
    .string()
    .trim()
    .refine((value) => charCount(value) >= min && charCount(value) <= max, message);
}

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A well-formed store address (3–40 lower-case letters, digits and single hyphens). */
export function isWellFormedSlug(slug: string): boolean {
  const [min, max] = LIMITS.storeSlug;
  return slug.length >= min && slug.length <= max && SLUG_SHAPE.test(slug);
}

/** 082 555 1234, +27 82 555 1234, 0027825551234: nine digits after the country or trunk prefix. */
export function isSouthAfricanPhone(raw: string): boolean {
  const compact = raw.replace(/[\s\-()]/g, '');
  const national = compact.startsWith('+27')
    ? compact.slice(3)
    : compact.startsWith('0027')
      ? compact.slice(4)
      : compact.startsWith('0')
        ? compact.slice(1)
        : null;
  return national !== null && /^[1-9]\d{8}$/.test(national);
}

export const applicationSchema = z.object({
  store_name: text(LIMITS.storeName, APPLICATION_MESSAGES.storeName),
  store_slug: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isWellFormedSlug, APPLICATION_MESSAGES.storeSlug),
  description: text(LIMITS.description, APPLICATION_MESSAGES.description),
  category_focus: text(LIMITS.categoryFocus, APPLICATION_MESSAGES.categoryFocus),
  contact_phone: z.string().trim().refine(isSouthAfricanPhone, APPLICATION_MESSAGES.contactPhone),
  company_registration: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{4}\/\d{6}\/\d{2}$/.test(value), APPLICATION_MESSAGES.companyRegistration),
  vat_number: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => value === '' || /^4\d{9}$/.test(value), APPLICATION_MESSAGES.vatNumber),
  bank_name: z.string().trim().min(1, APPLICATION_MESSAGES.bankName),
  account_holder: text(LIMITS.accountHolder, APPLICATION_MESSAGES.accountHolder),
  account_number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => /^\d{6,13}$/.test(value), APPLICATION_MESSAGES.accountNumber),
  branch_code: z
    .string()
    .trim()
    .refine((value) => /^\d{6}$/.test(value), APPLICATION_MESSAGES.branchCode),
  accept: z.boolean().refine((value) => value, APPLICATION_MESSAGES.accept),
});

export type ApplicationFormInput = z.input<typeof applicationSchema>;
export type ApplicationFormValues = z.output<typeof applicationSchema>;
export type ApplicationField = keyof ApplicationFormInput;

export const EMPTY_APPLICATION: ApplicationFormInput = {
  store_name: '',
  store_slug: '',
  description: '',
  category_focus: '',
  contact_phone: '',
  company_registration: '',
  vat_number: '',
  bank_name: '',
  account_holder: '',
  account_number: '',
  branch_code: '',
  accept: false,
};

/**
 * The form filled from an application sent back for changes (or rejected). The account number
 * is left empty: only its masked form comes back, so it is typed again. The agreement is
 * accepted afresh.
 */
export function valuesFromApplication(application: Application): ApplicationFormInput {
  return {
    store_name: application.store_name,
    store_slug: application.store_slug,
    description: application.description,
    category_focus: application.category_focus,
    contact_phone: application.contact_phone,
    company_registration: application.company_registration ?? '',
    vat_number: application.vat_number ?? '',
    bank_name: application.bank.bank_name,
    account_holder: application.bank.account_holder,
    account_number: '',
    branch_code: application.bank.branch_code,
    accept: false,
  };
}

/** The request body for checked values, accepting `agreementVersion`. */
export function toApplicationInput(values: ApplicationFormValues, agreementVersion: number): ApplicationInput {
  return {
    store_name: values.store_name,
    store_slug: values.store_slug,
    description: values.description,
    category_focus: values.category_focus,
    contact_phone: values.contact_phone,
    company_registration: values.company_registration || null,
    vat_number: values.vat_number || null,
    bank: {
      bank_name: values.bank_name,
      account_holder: values.account_holder,
      account_number: values.account_number,
      branch_code: values.branch_code,
    },
    agreement_version: agreementVersion,
  };
}

/** The API's field names (`bank.account_number`) as the form's inputs. */
const SERVER_FIELDS: Record<string, ApplicationField> = {
  store_name: 'store_name',
  store_slug: 'store_slug',
  description: 'description',
  category_focus: 'category_focus',
  contact_phone: 'contact_phone',
  company_registration: 'company_registration',
  vat_number: 'vat_number',
  'bank.bank_name': 'bank_name',
  'bank.account_holder': 'account_holder',
  'bank.account_number': 'account_number',
  'bank.branch_code': 'branch_code',
  bank_name: 'bank_name',
  account_holder: 'account_holder',
  account_number: 'account_number',
  branch_code: 'branch_code',
  agreement_version: 'accept',
};

/**
 * A 400's `fields` split into messages for the form's inputs and the rest (fields the form does
 * not have), which the form shows above itself.
 */
export function serverFieldErrors(fields: Record<string, unknown> | undefined): {
  byField: Partial<Record<ApplicationField, string>>;
  other: string[];
} {
  const byField: Partial<Record<ApplicationField, string>> = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(fields ?? {})) {
    if (typeof message !== 'string') continue;
    const field = SERVER_FIELDS[name];
    if (field) byField[field] = message;
    else other.push(message);
  }
  return { byField, other };
}

/** A store address suggested from the store's name: "Cape Town Kicks!" → "cape-town-kicks". */
export function suggestSlug(storeName: string): string {
  const [, max] = LIMITS.storeSlug;
  return storeName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
