'use client';

import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import type { AuthUser } from '@/lib/auth/types';
import { useSession } from '@/lib/auth/use-session';
import { useSendContact, type CustomerTicket } from '@/features/tickets/api/tickets';
import {
  CONTACT_FIELDS,
  contactSchema,
  type ContactFormInput,
  type ContactFormOutput,
} from '@/features/tickets/lib/contact-schema';
import { TICKETS_TAB_HREF } from '@/features/tickets/lib/ticket-words';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * The contact form of /contact: it becomes a support ticket (the sender's, when signed in, whose
 * name and email it starts with). Once sent, the form gives way to the ticket's reference.
 */
export function ContactForm() {
  const { user } = useSession();
  const [sent, setSent] = useState<CustomerTicket | null>(null);
  if (sent) return <ContactSent ticket={sent} signedIn={user !== null} />;
  // Mounted again once a signed-in session is known, to start from the user's name and email; a
  // guest's form (the exported page's) is kept, with anything typed in it before hydration.
  return <ContactFormFields key={user?.id ?? 'guest'} user={user} onSent={setSent} />;
}

function startValues(user: AuthUser | null): ContactFormInput {
  const name = user?.user_metadata?.full_name;
  return {
    name: typeof name === 'string' ? name : '',
    email: user?.email ?? '',
    subject: '',
    order_number: '',
    message: '',
  };
}

/** The API's message for a refusal it explains (429, a 400 without fields); a generic one otherwise. */
function sendFailure(error: unknown): string {
  if (error instanceof ApiError && error.isClientError && error.status !== 401) return error.message;
  return 'Your message could not be sent. Please try again.';
}

function ContactFormFields({ user, onSent }: { user: AuthUser | null; onSent: (ticket: CustomerTicket) => void }) {
  const send = useSendContact(user?.id ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactSchema),
    defaultValues: startValues(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { ticket } = await send.mutateAsync(values);
      onSent(ticket);
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? error.fields : undefined;
      const known = CONTACT_FIELDS.filter((name) => typeof fields?.[name] === 'string');
      if (known.length > 0) {
        known.forEach((name, index) => setError(name, { message: fields?.[name] as string }, { shouldFocus: index === 0 }));
      } else {
        setFailure(sendFailure(error));
      }
    }
  });
  const busy = isSubmitting || send.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form" className="flex flex-col gap-5" data-testid="contact-form">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          <Input type="text" autoComplete="name" maxLength={100} {...register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            {...register('email')}
          />
        </FormField>
      </div>
      <FormField label="Subject" error={errors.subject?.message}>
        <Input type="text" autoComplete="off" maxLength={150} {...register('subject')} />
      </FormField>
      <FormField label="Order number" error={errors.order_number?.message} hint="Optional, like BZ-20261120-0042.">
        <Input type="text" autoComplete="off" autoCapitalize="characters" maxLength={40} {...register('order_number')} />
      </FormField>
      <FormField label="Message" error={errors.message?.message} hint="10 to 5,000 characters.">
        <Textarea rows={6} maxLength={5000} className="min-h-36" {...register('message')} />
      </FormField>
      {failure ? (
        <p role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale dark:bg-red-950">
          {failure}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy} className="h-11 min-w-36">
          {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {busy ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}

function ContactSent({ ticket, signedIn }: { ticket: CustomerTicket; signedIn: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // The form the sender was in is gone: the answer takes its focus.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 p-5 text-neutral-800 outline-none dark:border-green-900 dark:bg-green-950"
      data-testid="contact-sent"
    >
      <p className="flex items-start gap-2 font-medium">
        <CheckCircle2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-green-700 dark:text-green-400" />
        <span>
          Thanks — your message is ticket <strong data-testid="ticket-reference">{ticket.reference}</strong>. We reply
          within one business day.
        </span>
      </p>
      {signedIn ? (
        <p>
          <Link href={TICKETS_TAB_HREF} className={LINK}>
            See your support tickets
          </Link>
        </p>
      ) : null}
    </div>
  );
}
