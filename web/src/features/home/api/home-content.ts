import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, type Schema } from '@/lib/api/client';
import { HERO_SLIDES } from '@/features/home/components/hero-slides';
import { DAILY_DEALS_PATH, NEWEST_PATH } from '@/features/home/lib/home-links';

/**
 * The home page's hero slides and banners, which admins edit: GET /api/v1/settings/home.
 *
 * The exported page holds the built-in content. When `bazaar serve` answers `/` it writes the
 * content as JSON into `<script id="bazaar-home-content">`, and when admins changed it also a
 * style that hides the built-in sections (`[data-home-default]`) until the page's script swaps
 * them for the real ones, so the built-in words never flash. After a client-side navigation to
 * the home page there may be no such script (the first page loaded was another one); the content
 * is then fetched, with a placeholder meanwhile.
 */

export type HeroSlide = Schema<'HeroSlideBody'>;
export type HomeBanner = Schema<'HomeBannerBody'>;
export type HomeContent = Schema<'HomeContentBody'>;

/**
 * The content the server answers until an admin saves some: the two slides and the two banners
 * (SPEC §2). SPEC points one banner at /community, which the site does not have yet; until it
 * does, that banner leads to the new arrivals instead, with words to match.
 */
export const BUILT_IN_HOME_CONTENT: HomeContent = {
  slides: HERO_SLIDES.map((slide) => ({
    subtitle: slide.subtitle,
    title: slide.title,
    description: slide.description,
    button_text: slide.buttonText,
    link: slide.link,
    image_url: null,
    tone: slide.tone,
  })),
  banners: [
    {
      kicker: 'Today only',
      title: 'Daily deals',
      text: 'New discounts every day on gear from our stores.',
      button_text: 'See the deals',
      link: DAILY_DEALS_PATH,
      image_url: null,
      tone: 'sale',
    },
    {
      kicker: 'Just landed',
      title: 'New arrivals',
      text: 'The latest kit from South African brands, fresh in the shop.',
      button_text: 'Shop new arrivals',
      link: NEWEST_PATH,
      image_url: null,
      tone: 'dark',
    },
  ],
};

export function fetchHomeContent(signal?: AbortSignal): Promise<HomeContent> {
  return api.get('/api/v1/settings/home', { signal });
}

/** Stale after the site's default 5 minutes, like every storefront query. */
export function homeContentQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'home'] as const,
    queryFn: ({ signal }) => fetchHomeContent(signal),
  });
}

export const HOME_CONTENT_ID = 'bazaar-home-content';

/** The server's JSON, when it has the shape of the content (zod stays out of the home page). */
function parseHomeContent(text: string | null | undefined): HomeContent | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<HomeContent> | null;
    if (value && Array.isArray(value.slides) && value.slides.length > 0 && Array.isArray(value.banners)) {
      return { slides: value.slides, banners: value.banners };
    }
  } catch {
    // Unreadable: fetched instead.
  }
  console.debug('Home content ignored: not the content the page expects');
  return null;
}

/** Nothing written into the document (or nothing readable): the content is fetched. */
const ABSENT = 'absent';
/** Prerendering and hydrating: the built-in content, as the exported HTML has it. */
const STATIC = 'static';

type Snapshot = HomeContent | typeof ABSENT | typeof STATIC;

// Parsed once per script element: useSyncExternalStore needs the same value while it is unchanged.
let cached: { element: Element | null; value: HomeContent | typeof ABSENT } | null = null;

function readInjected(): HomeContent | typeof ABSENT {
  const element = document.getElementById(HOME_CONTENT_ID);
  if (cached?.element !== element) {
    cached = { element, value: parseHomeContent(element?.textContent) ?? ABSENT };
  }
  return cached.value;
}

const subscribe = () => () => {};

/**
 * What the home page's hero and banners show:
 * - `default`: the built-in content, in the exported HTML and while hydrating (marked
 *   `data-home-default`, which the server's style hides when admins changed the content), and
 *   when the content cannot be fetched;
 * - `custom`: the content the server wrote into the page, or fetched;
 * - `loading`: fetching it, after a client-side navigation.
 */
export type HomeContentState =
  | { status: 'default'; content: HomeContent }
  | { status: 'custom'; content: HomeContent }
  | { status: 'loading' };

export function useHomeContent(): HomeContentState {
  const snapshot = useSyncExternalStore<Snapshot>(subscribe, readInjected, () => STATIC);
  const query = useQuery({ ...homeContentQueryOptions(), enabled: snapshot === ABSENT });
  if (snapshot === STATIC) return { status: 'default', content: BUILT_IN_HOME_CONTENT };
  if (snapshot !== ABSENT) return { status: 'custom', content: snapshot };
  if (query.data) return { status: 'custom', content: query.data };
  if (query.isError) return { status: 'default', content: BUILT_IN_HOME_CONTENT };
  return { status: 'loading' };
}
