import { z } from 'zod';

/**
 * The contact form's checks, with the API's messages (crates/domain/src/support.rs, ContactForm):
 * the server checks the same and its field errors land under the same inputs.
 */
export const CONTACT_MESSAGES = {
  name: 'Please enter your name',
  nameTooLong: 'Name must be at most 100 characters',
  email: 'Please enter a valid email address',
  subject: 'Please enter a subject',
  subjectTooLong: 'Subject must be at most 150 characters',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be at most 5000 characters',
  orderNumber: 'That is not an order number',
} as const;

/** The names the API gives field errors under, which are the form's own, in the page's order. */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'order_number', 'message'] as const;

/** Characters, as the server counts them (not UTF-16 units). */
function chars(value: string): number {
  return Array.from(value).length;
}

/** The server's plausible_email: something@domain.tld, no spaces, at most 254 bytes. */
export function plausibleEmail(email: string): boolean {
  if (new TextEncoder().encode(email).length > 254 || /\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at <= 0) return false;
  const domain = email.slice(at + 1);
  return domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.') && !domain.includes('@');
}

export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.name)
    .refine((value) => chars(value) <= 100, CONTACT_MESSAGES.nameTooLong),
  email: z
    .string()
    .trim()
    .refine((value) => plausibleEmail(value.toLowerCase()), CONTACT_MESSAGES.email),
  subject: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.subject)
    .refine((value) => chars(value) <= 150, CONTACT_MESSAGES.subjectTooLong),
  order_number: z
    .string()
    .trim()
    .refine((value) => chars(value) <= 40, CONTACT_MESSAGES.orderNumber)
    .transform((value) => (value === '' ? undefined : value)),
  message: z
    .string()
    .trim()
    .refine((value) => chars(value) >= 10, CONTACT_MESSAGES.messageTooShort)
    .refine((value) => chars(value) <= 5000, CONTACT_MESSAGES.messageTooLong),
});

export type ContactFormInput = z.input<typeof contactSchema>;
export type ContactFormOutput = z.output<typeof contactSchema>;
