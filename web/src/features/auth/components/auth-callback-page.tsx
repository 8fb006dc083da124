'use client';

import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { toast } from 'sonner';
import { MessagePanel } from '@/components/ui/message-panel';
import {
  completeOAuthSignIn,
  parseCallbackFragment,
  type SignInResult,
} from '@/features/auth/api/auth-flows';
import { AuthCardSkeleton } from '@/features/auth/components/auth-card';
import { TotpChallenge } from '@/features/auth/components/totp-challenge';
import { AUTH_MESSAGES } from '@/features/auth/lib/auth-messages';
import { authErrorMessage } from '@/features/auth/lib/error-message';

type State =
  | { step: 'working' }
  | { step: 'failed'; message: string }
  | { step: 'second-factor'; result: Extract<SignInResult, { kind: 'second-factor' }> };

/**
 * /auth/callback/: where the server sends the browser back from Google, with the session (or the
 * error) in the URL fragment. The tokens are taken out of the address bar at once, stored, and
 * the site reloads at / (or asks for the authenticator code first).
 */
export function AuthCallbackPage() {
  const [state, setState] = useState<State>({ step: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = parseCallbackFragment(window.location.hash);
    window.history.replaceState(null, '', window.location.pathname);

    const fail = (message: string) => {
      toast.error(AUTH_MESSAGES.errorTitle, { description: AUTH_MESSAGES.googleFailed });
      setState({ step: 'failed', message });
    };
    if (fragment.kind === 'error') {
      fail(fragment.description);
      return;
    }
    if (fragment.kind === 'empty') {
      fail('This sign-in link is incomplete or has already been used.');
      return;
    }
    completeOAuthSignIn(fragment)
      .then((result) => {
        if (result.kind === 'second-factor') setState({ step: 'second-factor', result });
      })
      .catch((error: unknown) => fail(authErrorMessage(error)));
  }, []);

  if (state.step === 'second-factor') {
    return (
      <TotpChallenge
        pending={state.result.pending}
        factor={state.result.factor}
        onCancel={() => setState({ step: 'failed', message: 'Sign-in was cancelled.' })}
      />
    );
  }
  if (state.step === 'failed') {
    return (
      <MessagePanel title={AUTH_MESSAGES.googleFailed} headingLevel="h1" className="mx-auto max-w-lg">
        <p className="text-neutral-600">{state.message}</p>
        <Link href="/login/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
          Back to sign in
        </Link>
      </MessagePanel>
    );
  }
  return <AuthCardSkeleton />;
}
