'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { abandonSignIn, verifySecondFactor } from '@/features/auth/api/auth-flows';
import { AUTH_MESSAGES, totpCodeSchema } from '@/features/auth/lib/auth-messages';
import { authErrorMessage } from '@/features/auth/lib/error-message';
import { AuthCard, FormAlert } from '@/features/auth/components/auth-card';
import { TotpCodeInput } from '@/components/ui/totp-code-input';
import type { AuthFactor, SessionResponse } from '@/lib/auth/types';

/**
 * The second step of signing in to an account with a verified authenticator (SPEC §4
 * "Multi-factor"): the code raises the session to aal2, and only then is it stored.
 */
export function TotpChallenge({
  pending,
  factor,
  onCancel,
}: {
  pending: SessionResponse;
  factor: AuthFactor;
  onCancel: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<{ code: string }, unknown, { code: string }>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    setServerError(null);
    try {
      await verifySecondFactor(pending, factor.id, code);
    } catch (error) {
      const message = authErrorMessage(error);
      setServerError(message);
      toast.error(AUTH_MESSAGES.errorTitle, { description: message });
      resetField('code');
      setFocus('code');
      throw error;
    }
  });

  async function cancel() {
    setCancelling(true);
    await abandonSignIn(pending);
    onCancel();
  }

  const busy = isSubmitting || isSubmitSuccessful;
  return (
    <AuthCard
      title="Two-factor authentication"
      description="Enter the 6-digit code from your authenticator app to finish signing in."
    >
      <form onSubmit={(event) => void onSubmit(event).catch(() => undefined)} noValidate className="flex flex-col gap-4" aria-label="Verification code">
        <div className="flex items-center gap-3 rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-800">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
          <span>
            Signing in as <strong className="font-semibold">{pending.user.email}</strong>
          </span>
        </div>
        <FormAlert message={serverError} />
        <FormField label="Authentication code" error={errors.code?.message}>
          <TotpCodeInput autoFocus {...register('code')} />
        </FormField>
        <Button type="submit" disabled={busy || cancelling} className="h-11 w-full">
          {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {busy ? 'Verifying…' : 'Verify'}
        </Button>
        <button
          type="button"
          onClick={() => void cancel()}
          disabled={busy || cancelling}
          className="rounded-md py-2 text-sm font-medium text-neutral-600 hover:text-neutral-900 disabled:opacity-60"
        >
          Cancel and use another account
        </button>
      </form>
    </AuthCard>
  );
}
