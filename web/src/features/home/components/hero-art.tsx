import type { CarouselSlide } from '@/features/home/components/hero-slides';

/**
 * The hero's pictures: small inline SVGs drawn in `currentColor`, so they follow the slide's
 * colours in both themes and cost no extra request (the hero is the first thing painted).
 */
export function HeroArt({ art, className }: { art: CarouselSlide['art']; className?: string }) {
  return (
    <svg viewBox="0 0 320 240" aria-hidden="true" focusable="false" className={className}>
      {art === 'track' ? <Track /> : <Peaks />}
    </svg>
  );
}

function Track() {
  return (
    <g fill="none" stroke="currentColor" strokeLinecap="round">
      <circle cx="230" cy="70" r="34" fill="currentColor" fillOpacity="0.18" stroke="none" />
      <path d="M10 200 C 90 120, 200 120, 310 60" strokeWidth="10" strokeOpacity="0.5" />
      <path d="M10 225 C 100 145, 210 145, 310 90" strokeWidth="10" strokeOpacity="0.35" />
      <path d="M10 175 C 80 95, 190 95, 310 30" strokeWidth="10" strokeOpacity="0.7" />
      <path d="M40 60 h60 M60 80 h60 M30 100 h45" strokeWidth="6" strokeOpacity="0.4" />
    </g>
  );
}

function Peaks() {
  return (
    <g fill="currentColor">
      <circle cx="250" cy="62" r="26" fillOpacity="0.25" />
      <path d="M0 230 L90 90 L150 170 L205 110 L320 230 Z" fillOpacity="0.35" />
      <path d="M40 230 L130 130 L190 200 L250 150 L320 230 Z" fillOpacity="0.55" />
      <path d="M90 90 L72 118 L90 110 L108 118 Z M205 110 L192 128 L205 122 L218 130 Z" fillOpacity="0.6" />
    </g>
  );
}
