'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { AuthError } from '@/lib/auth/auth-api';
import { signUpWithEmail } from '@/features/auth/api/auth-flows';
import {
  AUTH_MESSAGES,
  MIN_PASSWORD_LENGTH,
  signUpSchema,
  type SignUpValues,
} from '@/features/auth/lib/auth-messages';
import { authErrorMessage } from '@/features/auth/lib/error-message';
import { FormAlert } from '@/features/auth/components/auth-card';
import { PasswordInput } from '@/features/auth/components/password-input';

/**
 * Sign-up (SPEC §5); `onCheckEmail` when the address must be confirmed before signing in, and
 * `onClosed` when the server answers that sign-ups are closed (`signup_disabled`).
 */
export function SignUpForm({ onCheckEmail, onClosed }: { onCheckEmail: (email: string) => void; onClosed?: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const outcome = await signUpWithEmail(values);
      if (outcome === 'check-email') {
        toast.success(AUTH_MESSAGES.accountCreated);
        onCheckEmail(values.email);
      }
    } catch (error) {
      if (onClosed && error instanceof AuthError && error.code === 'signup_disabled') {
        onClosed();
        return;
      }
      const message = authErrorMessage(error);
      setServerError(message);
      toast.error(AUTH_MESSAGES.errorTitle, { description: message });
      throw error;
    }
  });

  const busy = isSubmitting || isSubmitSuccessful;
  return (
    <form onSubmit={(event) => void onSubmit(event).catch(() => undefined)} noValidate className="flex flex-col gap-4" aria-label="Sign up">
      <FormAlert message={serverError} />
      <FormField label="Full name" error={errors.fullName?.message}>
        <Input type="text" autoComplete="name" required {...register('fullName')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" required {...register('email')} />
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      >
        <PasswordInput autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} {...register('password')} />
      </FormField>
      <Button type="submit" disabled={busy} className="mt-2 h-11 w-full">
        {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        {busy ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
