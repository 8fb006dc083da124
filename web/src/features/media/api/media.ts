import { useCallback } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { uploadFile } from '@/lib/api/upload';
import { useSession } from '@/lib/auth/use-session';
import type { MediaItem, MediaKind, MediaList } from '@/features/media/api/media-types';

/**
 * The signed-in vendor's media library: GET /api/v1/vendor/media (a page of it, by kind, with the
 * space used), POST to upload a file, PATCH /{id} for its alt text and DELETE /{id}.
 */

export const MEDIA_PER_PAGE = 50;

/** Everything cached of the user's media library; uploads, edits and deletions invalidate it. */
export function mediaKey(userId: string) {
  return ['media', userId] as const;
}

export interface MediaListParams {
  kind: MediaKind | null;
  page: number;
  perPage?: number;
}

export function mediaListQueryOptions(userId: string, { kind, page, perPage = MEDIA_PER_PAGE }: MediaListParams) {
  return queryOptions({
    queryKey: [...mediaKey(userId), 'list', { kind, page, per_page: perPage }] as const,
    queryFn: ({ signal }): Promise<MediaList> =>
      api.get('/api/v1/vendor/media', { query: { kind: kind ?? undefined, page, per_page: perPage }, signal }),
    staleTime: 0,
  });
}

export function useMediaList(params: MediaListParams) {
  const { user } = useSession();
  return useQuery({
    ...mediaListQueryOptions(user?.id ?? '', params),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Uploads one file to the library (201 MediaItem); the server reads its real type from its bytes.
 * The raw-body POST is not in the API's OpenAPI document, so its path is not typed.
 */
export function uploadMedia(file: File, alt = ''): Promise<MediaItem> {
  return uploadFile<MediaItem>('/api/v1/vendor/media', file, { query: { filename: file.name, alt } });
}

export function useInvalidateMedia() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  return useCallback(() => queryClient.invalidateQueries({ queryKey: mediaKey(userId) }), [queryClient, userId]);
}

export function useUpdateAltText() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: ({ id, altText }: { id: string; altText: string }): Promise<MediaItem> =>
      api.patch('/api/v1/vendor/media/{id}', { path: { id }, body: { alt_text: altText } }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteMedia() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: (id: string): Promise<void> => api.delete('/api/v1/vendor/media/{id}', { path: { id } }),
    onSuccess: () => invalidate(),
  });
}
