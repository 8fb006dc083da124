import type { Schema } from '@/lib/api/client';

/** The media library's shapes, from the generated schema. */

export type MediaItem = Schema<'MediaItem'>;
export type MediaList = Schema<'MediaList'>;
export type MediaRendition = Schema<'RenditionView'>;

/** What the library holds (MediaItem.kind, and the list's `kind` filter). */
export type MediaKind = 'image' | 'video';
