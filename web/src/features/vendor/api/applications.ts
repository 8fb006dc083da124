import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import type { Application, ApplicationInput, ApplicationList, BankList, SlugAvailability } from '@/lib/selling/types';

/**
 * A signed-in user's vendor applications: the banks to choose from, the store address check,
 * GET /api/v1/vendor-applications (mine, newest first), POST to apply and PUT to resubmit.
 */

const ROOT = ['vendor-applications'] as const;

export function banksQueryOptions() {
  return queryOptions({
    queryKey: [...ROOT, 'banks'] as const,
    queryFn: ({ signal }): Promise<BankList> => api.get('/api/v1/vendor-applications/banks', { signal }),
    // The list changes with a deployment, not during a visit.
    staleTime: Infinity,
  });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}

export function slugAvailabilityQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...ROOT, 'slug-availability', slug] as const,
    queryFn: ({ signal }): Promise<SlugAvailability> =>
      api.get('/api/v1/vendor-applications/slug-availability', { query: { slug }, signal }),
    staleTime: 30 * 1000,
  });
}

/** Whether `slug` is free; idle while `slug` is null (empty, malformed, or the applicant's own). */
export function useSlugAvailability(slug: string | null) {
  return useQuery({ ...slugAvailabilityQueryOptions(slug ?? ''), enabled: slug !== null });
}

export function myApplicationsKey(userId: string) {
  return [...ROOT, 'mine', userId] as const;
}

export function myApplicationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: myApplicationsKey(userId),
    queryFn: ({ signal }): Promise<ApplicationList> => api.get('/api/v1/vendor-applications', { signal }),
    // A decision can come at any time: each visit reads the list again.
    staleTime: 0,
  });
}

export function useMyApplications() {
  const { user } = useSession();
  return useQuery({ ...myApplicationsQueryOptions(user?.id ?? ''), enabled: user !== null });
}

export interface SubmitApplication {
  input: ApplicationInput;
  /** The rejected or changes-requested application this resubmits (PUT); a new one when absent (POST). */
  resubmitId?: string;
}

export function submitApplication({ input, resubmitId }: SubmitApplication): Promise<Application> {
  return resubmitId
    ? api.put('/api/v1/vendor-applications/{id}', { path: { id: resubmitId }, body: input })
    : api.post('/api/v1/vendor-applications', { body: input });
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: (application) => {
      const key = myApplicationsKey(user?.id ?? '');
      const current = queryClient.getQueryData<ApplicationList>(key);
      if (current) {
        const others = current.applications.filter((a) => a.id !== application.id);
        queryClient.setQueryData<ApplicationList>(key, { applications: [application, ...others] });
      }
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
