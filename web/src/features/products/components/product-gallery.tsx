'use client';

import { useState } from 'react';
import { ImageOff, Play } from 'lucide-react';
import { ProductImage } from '@/components/product/product-image';
import { cn } from '@/lib/cn';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';

type Media = { kind: 'image'; src: string | null } | { kind: 'video'; src: string };

function mediaLabel(media: Media, index: number): string {
  return media.kind === 'image' ? 'Show the picture' : `Show video ${index}`;
}

/**
 * The product page's picture and videos: the main one large, and when there is more than one,
 * a row of buttons to switch. A video is shown with its controls, muted and inline; it starts
 * on its own when chosen, unless the visitor asked for less motion.
 */
export function ProductGallery({ name, imageUrl, videos }: { name: string; imageUrl: string | null; videos: string[] }) {
  const media: Media[] = [{ kind: 'image', src: imageUrl }, ...videos.map((src) => ({ kind: 'video' as const, src }))];
  const [selected, setSelected] = useState(0);
  // Whether the visitor chose the shown item (the first picture is shown without asking).
  const [chosen, setChosen] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const current = media[selected] ?? media[0]!;

  return (
    <div className="flex flex-col gap-3" data-testid="product-gallery">
      {current.kind === 'image' ? (
        <ProductImage src={current.src} alt={name} priority className="rounded-lg border border-neutral-200 bg-white" />
      ) : (
        <div className="aspect-square overflow-hidden rounded-lg border border-neutral-200 bg-[#111111]">
          <video
            key={current.src}
            src={current.src}
            aria-label={`Video of ${name}`}
            controls
            muted
            playsInline
            autoPlay={chosen && !reducedMotion}
            preload="metadata"
            data-testid="product-video"
            className="size-full object-contain"
          />
        </div>
      )}

      {media.length > 1 ? (
        <ul aria-label={`Pictures and videos of ${name}`} className="flex flex-wrap gap-2">
          {media.map((item, index) => (
            <li key={`${item.kind}-${index}`}>
              <button
                type="button"
                aria-label={mediaLabel(item, index)}
                aria-pressed={index === selected}
                onClick={() => {
                  setSelected(index);
                  setChosen(true);
                }}
                data-testid="gallery-thumb"
                className={cn(
                  'flex size-16 items-center justify-center overflow-hidden rounded-md border-2 bg-white sm:size-20',
                  index === selected ? 'border-brand-700' : 'border-neutral-200 hover:border-neutral-400',
                )}
              >
                <Thumbnail media={item} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Thumbnail({ media }: { media: Media }) {
  if (media.kind === 'video') {
    return (
      <span className="flex size-full flex-col items-center justify-center gap-0.5 bg-[#1b1b1b] text-[#ffffff]">
        <Play aria-hidden="true" className="size-6 fill-current" />
        <span aria-hidden="true" className="text-[0.65rem] font-semibold uppercase tracking-wide">
          Video
        </span>
      </span>
    );
  }
  if (!media.src) return <ImageOff aria-hidden="true" className="size-6 text-neutral-400" />;
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={media.src} alt="" width={80} height={80} loading="lazy" decoding="async" className="size-full object-contain" />;
}
