'use client';

import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MessagePanel } from '@/components/ui/message-panel';
import { ApiError } from '@/lib/api-client';
import { useProfile, useUpdateProfile, type Profile } from '@/lib/account/profile';
import { useSession } from '@/lib/auth/use-session';
import { SectionCard, SectionCardSkeleton } from '@/features/account/components/section-card';
import { ThemeChoice } from '@/features/account/components/theme-choice';
import { profileSchema, type ProfileFormValues } from '@/features/account/lib/profile-schema';

export function SettingsTab() {
  const { data: profile, isPending, isError, refetch, isFetching } = useProfile();

  return (
    <div className="flex flex-col gap-6">
      {isPending ? (
        <SectionCardSkeleton rows={3} />
      ) : isError ? (
        <MessagePanel title="Your profile could not be loaded">
          <p className="text-neutral-600">Something went wrong on our side. Please try again.</p>
          <Button onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        </MessagePanel>
      ) : (
        <ProfileForm profile={profile} />
      )}
      <SectionCard title="Appearance" description="Choose light or dark, or follow your device's setting.">
        <ThemeChoice />
      </SectionCard>
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { user } = useSession();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { fullName: profile.full_name, avatarUrl: profile.avatar_url ?? '' },
  });

  // A saved (or refetched) profile becomes the form's new starting point.
  useEffect(() => {
    reset({ fullName: profile.full_name, avatarUrl: profile.avatar_url ?? '' });
  }, [profile.full_name, profile.avatar_url, reset]);

  const onSubmit = handleSubmit((values) =>
    update
      .mutateAsync({ full_name: values.fullName, avatar_url: values.avatarUrl || null })
      .then(() => toast.success('Profile updated'))
      .catch((error: unknown) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        if (typeof fields?.full_name === 'string') setError('fullName', { message: fields.full_name });
        if (typeof fields?.avatar_url === 'string') setError('avatarUrl', { message: fields.avatar_url });
        const message = error instanceof ApiError && error.status > 0 ? error.message : 'An unexpected error occurred';
        toast.error('Error', { description: message });
      }),
  );

  const previewName = watch('fullName') || profile.full_name || 'User';
  const previewUrl = watch('avatarUrl').trim();

  return (
    <SectionCard title="Profile" description="Your name and picture.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5" aria-label="Profile">
        <div className="flex items-center gap-4">
          <Avatar name={previewName} imageUrl={previewUrl || null} size="xl" />
          <p className="text-sm text-neutral-600">Your picture appears in the account menu at the top of every page.</p>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Full name" error={errors.fullName?.message}>
            <Input type="text" autoComplete="name" {...register('fullName')} />
          </FormField>
          <FormField label="Email" hint="Your sign-in address; it cannot be changed here.">
            <Input type="email" value={user?.email ?? ''} readOnly disabled />
          </FormField>
        </div>
        <FormField
          label="Avatar image URL"
          error={errors.avatarUrl?.message}
          hint="A link to a square image (https://…). Leave empty to show your initial."
        >
          <Input type="url" inputMode="url" placeholder="https://" {...register('avatarUrl')} />
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!isDirty || update.isPending} className="h-11 min-w-36">
            {update.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
            {update.isPending ? 'Saving…' : 'Save changes'}
          </Button>
          {isDirty && !update.isPending ? (
            <button
              type="button"
              onClick={() => reset()}
              className="rounded-md px-3 py-2 text-sm font-medium text-neutral-600 hover:text-neutral-900"
            >
              Discard changes
            </button>
          ) : null}
        </div>
      </form>
    </SectionCard>
  );
}
