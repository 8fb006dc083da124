import type { MediaItem } from '@/features/media/api/media-types';
import { srcSetOf } from '@/features/media/lib/media-format';
import { cn } from '@/lib/cn';

/**
 * An image of the library at the size it is shown: the renditions as `srcset` (the browser picks
 * by `sizes`), the original as the fallback `src` (and all there is until the renditions exist).
 */
export function MediaImage({
  item,
  sizes,
  alt = item.alt_text,
  className,
}: {
  item: MediaItem;
  /** How wide the image is drawn, for choosing from `srcset`. */
  sizes: string;
  alt?: string;
  className?: string;
}) {
  const srcSet = srcSetOf(item);
  return (
    // Static export: images are served as they are (images.unoptimized).
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={item.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}

/** An item as the library shows it: an image, or a video with the browser's controls. */
export function MediaView({ item, sizes, className }: { item: MediaItem; sizes: string; className?: string }) {
  if (item.kind === 'video') {
    return (
      <video
        src={item.url}
        controls
        preload="metadata"
        aria-label={item.alt_text || item.original_name}
        className={cn('bg-black', className)}
      />
    );
  }
  return <MediaImage item={item} sizes={sizes} className={className} />;
}
