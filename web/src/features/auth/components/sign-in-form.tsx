'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { signInWithEmail, type SignInResult } from '@/features/auth/api/auth-flows';
import { AUTH_MESSAGES, signInSchema, type SignInValues } from '@/features/auth/lib/auth-messages';
import { authErrorMessage } from '@/features/auth/lib/error-message';
import { FormAlert } from '@/features/auth/components/auth-card';
import { PasswordInput } from '@/features/auth/components/password-input';

type SecondFactor = Extract<SignInResult, { kind: 'second-factor' }>;

export function SignInForm({ onSecondFactor }: { onSecondFactor: (step: SecondFactor) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await signInWithEmail(values.email, values.password);
      if (result.kind === 'second-factor') onSecondFactor(result);
    } catch (error) {
      const message = authErrorMessage(error);
      setServerError(message);
      toast.error(AUTH_MESSAGES.errorTitle, { description: message });
      throw error; // keeps isSubmitSuccessful false
    }
  });

  // After success the page reloads; the button stays busy until it does.
  const busy = isSubmitting || isSubmitSuccessful;
  return (
    <form onSubmit={(event) => void onSubmit(event).catch(() => undefined)} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      <FormAlert message={serverError} />
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" required {...register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" required {...register('password')} />
      </FormField>
      <Button type="submit" disabled={busy} className="mt-2 h-11 w-full">
        {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        {busy ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  );
}
