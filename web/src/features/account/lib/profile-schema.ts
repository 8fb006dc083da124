import { z } from 'zod';

/** The profile form's rules, the same as the API's (crates/api/src/routes/profile.rs). */
export const PROFILE_MESSAGES = {
  fullNameRequired: 'Please enter your full name',
  fullNameTooLong: 'Full name must be at most 200 characters',
  avatarInvalid: 'Enter an image address starting with https:// or /',
  avatarTooLong: 'The image address must be at most 2000 characters',
} as const;

const avatarUrl = z
  .string()
  .trim()
  .max(2000, PROFILE_MESSAGES.avatarTooLong)
  .refine((url) => url === '' || /^(https?:\/\/|\/(?!\/))\S*$/.test(url), PROFILE_MESSAGES.avatarInvalid);

export const profileSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, PROFILE_MESSAGES.fullNameRequired)
    .max(200, PROFILE_MESSAGES.fullNameTooLong),
  avatarUrl,
});

export type ProfileFormValues = z.infer<typeof profileSchema>;
