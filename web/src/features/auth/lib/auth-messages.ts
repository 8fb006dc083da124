import { z } from 'zod';

/** The texts SPEC §5 and §8 fix for signing in and up, and the rules of the two forms. */
export const AUTH_MESSAGES = {
  fullNameRequired: 'Please enter your full name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordTooShort: 'Password must be at least 6 characters',
  codeInvalid: 'Enter the 6-digit code from your authenticator app',
  errorTitle: 'Error',
  unexpected: 'An unexpected error occurred',
  googleFailed: 'Failed to sign in with Google',
  signedIn: 'Signed in successfully!',
  accountCreated: 'Account created successfully! Please check your email to verify your account.',
  signUpClosed: 'Sign-ups are closed for now.',
} as const;

export const MIN_PASSWORD_LENGTH = 6;

const email = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

export const signInSchema = z.object({
  email,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired),
});

export const signUpSchema = z.object({
  fullName: z.string().trim().min(1, AUTH_MESSAGES.fullNameRequired),
  email,
  password: z
    .string()
    .min(1, AUTH_MESSAGES.passwordRequired)
    .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort),
});

/** A 6-digit authenticator code; spaces (as apps show it, "123 456") are ignored. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, AUTH_MESSAGES.codeInvalid)),
});

export type SignInValues = z.infer<typeof signInSchema>;
export type SignUpValues = z.infer<typeof signUpSchema>;
