import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { api, type Schema } from '@/lib/api/client';

/**
 * Where the store's email goes, for admins: GET /api/v1/admin/settings/email (as the server was
 * started, or an SMTP server given here, with the sender's name and address) and PUT to change
 * it, and POST …/email/test to send a test email with the settings as saved.
 *
 * The password is never answered, only whether one is kept (`password_set`). A save sends
 * `password` only to change it: absent or null keeps it, "" removes it, anything else replaces it.
 * The server checks every field and answers all problems at once (400 with `error.fields`); a
 * password it has no key to keep is refused with 409 `secret_key_missing` (the server was started
 * without BAZAAR_SECRET_KEY; `secrets_available` says so beforehand). A test the mail server
 * refuses is a 502 `mail_failed` whose message gives its reason.
 */

export type EmailSettings = Schema<'EmailSettingsView'>;
export type EmailSettingsInput = Schema<'EmailSettingsInput'>;
export type TestEmailSent = Schema<'TestEmailSent'>;

/** The 409 of a password saved on a server started without BAZAAR_SECRET_KEY. */
export function isSecretKeyMissing(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'secret_key_missing';
}

export function emailSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'settings', 'email'] as const,
    queryFn: ({ signal }): Promise<EmailSettings> => api.get('/api/v1/admin/settings/email', { signal }),
    staleTime: 0,
  });
}

export function useEmailSettings() {
  return useQuery(emailSettingsQueryOptions());
}

/** Saves where email goes (PUT replaces every field but the password); the answer is kept as the settings. */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailSettingsInput): Promise<EmailSettings> =>
      api.put('/api/v1/admin/settings/email', { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(emailSettingsQueryOptions().queryKey, saved),
  });
}

/** Sends a test email to `to` with the settings as saved (not as the form holds them). */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: (to: string): Promise<TestEmailSent> => api.post('/api/v1/admin/settings/email/test', { body: { to } }),
  });
}
