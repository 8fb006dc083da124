'use client';

import { useState } from 'react';
import { cn } from '@/lib/cn';

const sizes = {
  sm: 'size-6 text-xs',
  md: 'size-9 text-sm',
  lg: 'size-10 text-base',
  xl: 'size-14 text-xl sm:size-16 sm:text-2xl',
} as const;

/** A round avatar: the image when there is one that loads, else the name's first letter. */
export function Avatar({
  name,
  imageUrl,
  size = 'md',
  className,
}: {
  name: string;
  imageUrl?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(imageUrl) && failedUrl !== imageUrl;
  const initial = name.trim().charAt(0).toUpperCase() || 'U';
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700 font-semibold text-white select-none',
        sizes[size],
        className,
      )}
      data-testid="avatar"
    >
      {showImage ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={imageUrl ?? undefined}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedUrl(imageUrl ?? null)}
        />
      ) : (
        initial
      )}
    </span>
  );
}
