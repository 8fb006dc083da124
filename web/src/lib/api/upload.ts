import { apiRequest } from '@/lib/api-client';
import { buildPath } from '@/lib/api/client';

/**
 * Uploads a file: POSTs its bytes as they are (the body is the file, its type the Content-Type;
 * the typed client in client.ts sends JSON only), through apiRequest like every other call, so it
 * carries the bearer token, is tried once more after a refresh on 401, and fails with ApiError.
 *
 *   const item = await uploadFile<MediaItem>('/api/v1/vendor/media', file, { query: { filename: file.name } });
 */
export function uploadFile<T>(
  path: string,
  file: Blob,
  { query, signal }: { query?: Record<string, string | number | undefined>; signal?: AbortSignal } = {},
): Promise<T> {
  return apiRequest<T>('POST', buildPath(path, null, query), { file, signal });
}
