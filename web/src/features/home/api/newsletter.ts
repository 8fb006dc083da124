import { z } from 'zod';
import { api, type Schema } from '@/lib/api/client';

/**
 * POST /api/v1/newsletter {email}. Only the newsletter form imports this module (it is loaded
 * lazily), so zod stays out of the home page's first load.
 */

/** The newsletter box's texts; the success message is fixed by SPEC §8. */
export const NEWSLETTER_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  success: "Success! You've been subscribed to our newsletter.",
  failed: 'We could not subscribe you just now. Please try again.',
} as const;

export const newsletterSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, NEWSLETTER_MESSAGES.emailRequired)
    .pipe(z.email(NEWSLETTER_MESSAGES.emailInvalid)),
});

export type NewsletterValues = z.infer<typeof newsletterSchema>;

export type NewsletterResponse = Schema<'Subscribed'>;

/** 201 for a new subscription, 200 when already subscribed; both are a success to the visitor. */
export function subscribeToNewsletter(email: string): Promise<NewsletterResponse> {
  return api.post('/api/v1/newsletter', { body: { email } });
}
