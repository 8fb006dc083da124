'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  NEWSLETTER_MESSAGES,
  newsletterSchema,
  subscribeToNewsletter,
  type NewsletterValues,
} from '@/features/home/api/newsletter';
import { ApiError } from '@/lib/api-client';

/** The API's message for the email field, when a 400 names one. */
function emailFieldError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const field = error.fields?.email;
  if (typeof field === 'string') return field;
  if (Array.isArray(field) && typeof field[0] === 'string') return field[0];
  return null;
}

/**
 * The newsletter sign-up (SPEC §5, §8): an email is required and checked here first; the server
 * answers 201 (new) or 200 (already subscribed), both shown as the same success.
 */
export function NewsletterForm() {
  const [subscribed, setSubscribed] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterValues>({ resolver: zodResolver(newsletterSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await subscribeToNewsletter(email);
      setSubscribed(true);
    } catch (error) {
      const fieldError = emailFieldError(error);
      if (fieldError) setError('email', { message: fieldError }, { shouldFocus: true });
      else if (error instanceof ApiError && error.isClientError) setFormError(error.message);
      else setFormError(NEWSLETTER_MESSAGES.failed);
    }
  });

  if (subscribed) {
    return (
      <p role="status" data-testid="newsletter-success" className="flex items-center gap-2 font-medium text-brand-700">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
        {NEWSLETTER_MESSAGES.success}
      </p>
    );
  }

  const errorId = 'newsletter-email-error';
  const message = errors.email?.message ?? formError;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Newsletter sign-up" className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <Input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          className="sm:flex-1"
          {...register('email')}
        />
        <Button type="submit" disabled={isSubmitting} className="h-11 shrink-0 sm:px-6">
          {isSubmitting ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {isSubmitting ? 'Subscribing…' : 'Subscribe'}
        </Button>
      </div>
      {message ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-sale">
          {message}
        </p>
      ) : null}
    </form>
  );
}
