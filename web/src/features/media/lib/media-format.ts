import { ApiError } from '@/lib/api-client';
import type { MediaItem } from '@/features/media/api/media-types';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** Up to `places` decimals after a point, as prices are written on the site; none when whole. */
function decimals(value: number, places: number): string {
  return String(Number(value.toFixed(places)));
}

/** A size as people read it: "640 KB", "12.5 MB", "1.25 GB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${decimals(bytes / GB, 2)} GB`;
  if (bytes >= MB) return `${decimals(bytes / MB, 1)} MB`;
  if (bytes >= KB) return `${decimals(bytes / KB, 0)} KB`;
  return `${bytes} B`;
}

/** Storage use: megabytes below a gigabyte, so a small library never reads "0 GB". */
export function formatStorage(bytes: number): string {
  return bytes >= GB ? `${decimals(bytes / GB, 2)} GB` : `${decimals(bytes / MB, 1)} MB`;
}

/** The `srcset` of an image's renditions, smallest first ("… 320w, … 640w"), or undefined while it has none. */
export function srcSetOf(item: Pick<MediaItem, 'renditions'>): string | undefined {
  if (item.renditions.length === 0) return undefined;
  return [...item.renditions]
    .sort((a, b) => a.width - b.width)
    .map((rendition) => `${rendition.url} ${rendition.width}w`)
    .join(', ');
}

/** What an item is called on screen and in buttons: its alt text, else its file's name. */
export function mediaName(item: Pick<MediaItem, 'alt_text' | 'original_name'>): string {
  return item.alt_text.trim() || item.original_name;
}

const UPLOAD_FALLBACKS: Record<number, string> = {
  400: 'The file arrived incomplete. Please try again.',
  409: 'Your media library is full. Delete something to make room.',
  413: 'This file is too large: pictures up to 10 MB, videos up to 100 MB.',
  415: 'This kind of file is not supported: use JPEG, PNG or WebP pictures, or MP4 or WebM videos.',
};

/** Why an upload failed: the API's own message (it says how much room is left), else one by status. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // An error body of the API's shape carries a code; a proxy's bare 413 does not.
    if (error.isClientError && error.code !== 'http_error') return error.message;
    const fallback = UPLOAD_FALLBACKS[error.status];
    if (fallback) return fallback;
    if (error.status === 0) return error.message;
  }
  return 'The file could not be uploaded. Please try again.';
}
