import { ImageOff } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A product's picture in a square frame, or a neutral placeholder when it has none. */
export function ProductImage({
  src,
  alt,
  priority = false,
  className,
}: {
  src: string | null;
  alt: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('relative aspect-square overflow-hidden bg-neutral-100', className)}>
      {src ? (
        // Static export: images are served as they are (images.unoptimized).
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={src}
          alt={alt}
          width={600}
          height={600}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-contain"
        />
      ) : (
        <div role="img" aria-label={alt} className="flex size-full items-center justify-center text-neutral-400">
          <ImageOff aria-hidden="true" className="size-10" />
        </div>
      )}
    </div>
  );
}
