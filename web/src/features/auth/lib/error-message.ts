import { AuthError } from '@/lib/auth/auth-api';
import { AUTH_MESSAGES } from '@/features/auth/lib/auth-messages';

/** The server's auth message when there is one (SPEC §8), else "An unexpected error occurred". */
export function authErrorMessage(error: unknown): string {
  if (error instanceof AuthError && error.status > 0 && error.message) return error.message;
  return AUTH_MESSAGES.unexpected;
}
