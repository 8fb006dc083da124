'use client';

import { Suspense, useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { rememberReturnPath, RETURN_PATH_PARAM, safeReturnPath } from '@/lib/auth/return-path';
import { useSession } from '@/lib/auth/use-session';
import { usePublicSettings, useSiteName } from '@/lib/public-settings';
import type { SignInResult } from '@/features/auth/api/auth-flows';
import { AuthCard, AuthCardSkeleton } from '@/features/auth/components/auth-card';
import { CheckEmail } from '@/features/auth/components/check-email';
import { GoogleSignInButton, OrDivider } from '@/features/auth/components/google-sign-in-button';
import { AUTH_MESSAGES } from '@/features/auth/lib/auth-messages';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { TotpChallenge } from '@/features/auth/components/totp-challenge';

/** Which route shows the page: /auth toggles with ?mode=signup; /login and /signup are fixed. */
export type AuthRoute = 'auth' | 'login' | 'signup';
type Mode = 'sign-in' | 'sign-up';

/** Where the "switch to the other form" link goes from each route (keeping `?redirect=`). */
export function toggleHref(route: AuthRoute, mode: Mode, returnTo: string | null = null): string {
  const href =
    route === 'auth'
      ? mode === 'sign-in'
        ? '/auth/?mode=signup'
        : '/auth/'
      : mode === 'sign-in'
        ? '/signup/'
        : '/login/';
  if (!returnTo) return href;
  const param = `${RETURN_PATH_PARAM}=${encodeURIComponent(returnTo)}`;
  return `${href}${href.includes('?') ? '&' : '?'}${param}`;
}

export function AuthPage({ route }: { route: AuthRoute }) {
  return (
    <Suspense fallback={<AuthCardSkeleton />}>
      <AuthPageContent route={route} />
    </Suspense>
  );
}

/**
 * Signed-in visitors are sent to / (SPEC §2), or to the same-site page named by `?redirect=`.
 * Only the state the page opened with counts: a sign-in made here finishes with its own full
 * reload.
 */
function useRedirectIfSignedIn(returnTo: string | null): boolean {
  const { status } = useSession();
  const router = useRouter();
  const openedSignedIn = useRef<boolean | null>(null);
  if (openedSignedIn.current === null && status !== 'loading') openedSignedIn.current = status === 'signed-in';
  const redirect = openedSignedIn.current === true;
  useEffect(() => {
    if (redirect) router.replace(returnTo ?? '/');
  }, [redirect, returnTo, router]);
  return status === 'loading' || redirect;
}

function AuthPageContent({ route }: { route: AuthRoute }) {
  const searchParams = useSearchParams();
  const siteName = useSiteName();
  const { data: settings } = usePublicSettings();
  const redirectParam = searchParams?.get(RETURN_PATH_PARAM) ?? null;
  const returnTo = safeReturnPath(redirectParam);
  const waiting = useRedirectIfSignedIn(returnTo);
  // The sign-in (or sign-up) made on this page returns to that page (lib/auth/return-path).
  useEffect(() => rememberReturnPath(redirectParam), [redirectParam]);
  const [secondFactor, setSecondFactor] = useState<Extract<SignInResult, { kind: 'second-factor' }> | null>(null);
  const [checkEmailFor, setCheckEmailFor] = useState<string | null>(null);
  // The server said so on a sign-up made here (settings read before sign-ups closed).
  const [signUpRefused, setSignUpRefused] = useState(false);
  const mode: Mode =
    route === 'signup' || (route === 'auth' && searchParams?.get('mode') === 'signup') ? 'sign-up' : 'sign-in';
  const signInHref = toggleHref(route === 'signup' ? 'login' : route, 'sign-up', returnTo);

  if (waiting) return <AuthCardSkeleton />;
  if (secondFactor) {
    return (
      <TotpChallenge pending={secondFactor.pending} factor={secondFactor.factor} onCancel={() => setSecondFactor(null)} />
    );
  }
  if (checkEmailFor !== null && mode === 'sign-up') return <CheckEmail email={checkEmailFor} signInHref={signInHref} />;

  const signingUp = mode === 'sign-up';
  // Closed by an admin (advanced settings); until the settings answer, the form shows.
  if (signingUp && (signUpRefused || settings?.sign_up_open === false)) {
    return (
      <AuthCard title="Create your account">
        <p role="status" className="font-medium text-neutral-800" data-testid="sign-up-closed">
          {AUTH_MESSAGES.signUpClosed}
        </p>
        <p className="mt-3 text-sm text-neutral-600">
          Already have an account?{' '}
          <Link
            href={toggleHref(route, mode, returnTo)}
            replace={route === 'auth'}
            className="font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
          >
            Sign in
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={signingUp ? 'Create your account' : 'Welcome back'}
      description={
        signingUp
          ? 'Sign up with your email address or your Google account.'
          : `Sign in to your ${siteName} account.`
      }
      footer={
        <>
          {signingUp ? 'Already have an account? ' : `New to ${siteName}? `}
          <Link
            href={toggleHref(route, mode, returnTo)}
            replace={route === 'auth'}
            className="font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
          >
            {signingUp ? 'Sign in' : 'Create an account'}
          </Link>
        </>
      }
    >
      <GoogleSignInButton />
      <OrDivider />
      {signingUp ? (
        <SignUpForm key="sign-up" onCheckEmail={setCheckEmailFor} onClosed={() => setSignUpRefused(true)} />
      ) : (
        <SignInForm key="sign-in" onSecondFactor={setSecondFactor} />
      )}
    </AuthCard>
  );
}
