import Link from 'next/link';
import { MailCheck } from 'lucide-react';
import { AUTH_MESSAGES } from '@/features/auth/lib/auth-messages';

/** After a sign-up that needs its address confirmed (SPEC §2: no redirect, a check-email message). */
export function CheckEmail({ email, signInHref }: { email: string; signInHref: string }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 rounded-2xl border border-neutral-200 bg-white px-6 py-10 text-center shadow-sm">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MailCheck aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900">Check your email</h1>
      <p role="status" className="text-neutral-700">
        {AUTH_MESSAGES.accountCreated}
      </p>
      <p className="text-sm text-neutral-600">
        We sent a confirmation link to <strong className="font-semibold text-neutral-900">{email}</strong>. Open it
        to finish creating your account, then sign in.
      </p>
      <Link
        href={signInHref}
        className="mt-2 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
      >
        Back to sign in
      </Link>
    </div>
  );
}
