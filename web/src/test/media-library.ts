import type { MediaItem, MediaList } from '@/features/media/api/media-types';

/** Media library payloads shaped as the media contract has them. */

export function mediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  return {
    id: '0190e000-0000-7000-8000-00000000m001',
    kind: 'image',
    content_type: 'image/jpeg',
    bytes: 245_760,
    url: '/media/v/cape-trail-co/logo.jpg',
    width: 1600,
    height: 1600,
    alt_text: 'Cape Trail Co mountain logo',
    original_name: 'logo.jpg',
    created_at: '2026-03-06T09:00:00Z',
    renditions: [],
    ...overrides,
  };
}

export function mediaList(media: MediaItem[], overrides: Partial<MediaList> = {}): MediaList {
  return {
    media,
    total: media.length,
    used_bytes: media.reduce((sum, item) => sum + item.bytes, 0),
    quota_bytes: 500 * 1024 * 1024,
    ...overrides,
  };
}
