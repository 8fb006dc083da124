'use client';

import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';

/** SPEC §9: "Product card video plays after 500 ms hover". */
export const CARD_VIDEO_HOVER_MS = 500;

/**
 * Whether a card shows its video: after the mouse has rested on it for 500 ms, until it leaves.
 * Touch and pen do not count (a tap opens the product), and nothing plays for visitors who asked
 * for less motion or for products without a video.
 */
export function useHoverVideo(hasVideo: boolean) {
  const reducedMotion = usePrefersReducedMotion();
  const enabled = hasVideo && !reducedMotion;
  const [showing, setShowing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const onPointerEnter = useCallback(
    (event: PointerEvent) => {
      if (!enabled || event.pointerType !== 'mouse') return;
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        setShowing(true);
      }, CARD_VIDEO_HOVER_MS);
    },
    [enabled, cancel],
  );

  const onPointerLeave = useCallback(() => {
    cancel();
    setShowing(false);
  }, [cancel]);

  return { showing: showing && enabled, onPointerEnter, onPointerLeave };
}

/**
 * The card's video over its picture: muted, looping and inline, started as soon as it is shown
 * and stopped when it goes. It is decoration (the picture's text alternative names the
 * product), so it is hidden from assistive technology; until its first frame arrives, or if it
 * cannot play, the picture beneath stays visible.
 */
export function ProductCardVideo({ src }: { src: string }) {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // Browsers only autoplay muted video; React sets `muted` as a property, so make sure of it.
    video.muted = true;
    const playing = video.play() as Promise<void> | undefined;
    playing?.catch(() => {
      // Refused (autoplay policy) or interrupted by leaving: the picture shows instead.
    });
    return () => video.pause();
  }, []);

  return (
    <video
      ref={ref}
      src={src}
      muted
      loop
      playsInline
      preload="auto"
      aria-hidden="true"
      tabIndex={-1}
      data-testid="product-card-video"
      className="pointer-events-none absolute inset-0 size-full object-contain"
    />
  );
}
