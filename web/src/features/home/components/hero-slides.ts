import type { HeroSlide } from '@/features/home/api/home-content';
import { PRODUCTS_PATH } from '@/features/home/lib/home-links';

/**
 * A hero slide (SPEC §3 "Carousel slide"); `tone` chooses its colours, and its picture is the
 * admin's image when it has one, else the drawing `art` names.
 */
export interface CarouselSlide {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  buttonText: string;
  link: string;
  tone: 'brand' | 'light';
  art: 'track' | 'peaks';
  imageUrl?: string | null;
}

/** SPEC §2: two slides, both linking to the products page. */
export const HERO_SLIDES: readonly CarouselSlide[] = [
  {
    id: 'new-season',
    subtitle: 'New season',
    title: 'Gear up for your next personal best',
    description:
      'Running, training and match-day kit from South African brands, priced in rand with VAT included.',
    buttonText: 'Shop now',
    link: PRODUCTS_PATH,
    tone: 'brand',
    art: 'track',
  },
  {
    id: 'local-stores',
    subtitle: 'From local stores',
    title: 'Made for the trail, the gym and the field',
    description: 'Outdoor, team sports and training gear from trusted sellers across South Africa.',
    buttonText: 'Browse products',
    link: PRODUCTS_PATH,
    tone: 'light',
    art: 'peaks',
  },
];

/** The slides admins saved, as the carousel shows them; slides without an image take turns at the drawings. */
export function carouselSlides(slides: readonly HeroSlide[]): CarouselSlide[] {
  return slides.map((slide, index) => ({
    id: `slide-${index}`,
    title: slide.title,
    subtitle: slide.subtitle ?? '',
    description: slide.description ?? '',
    buttonText: slide.button_text,
    link: slide.link,
    tone: slide.tone === 'light' ? 'light' : 'brand',
    art: index % 2 === 0 ? 'track' : 'peaks',
    imageUrl: slide.image_url || null,
  }));
}

/** SPEC §9: the hero moves on every 6 seconds (the carousel's own default is 4). */
export const HERO_AUTOPLAY_MS = 6000;
