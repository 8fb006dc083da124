import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { http, HttpResponse } from 'msw';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_HOME_CONTENT, HOME_CONTENT_ID, type HomeContent } from '@/features/home/api/home-content';
import { HomeBanners } from '@/features/home/components/home-banners';
import { HomeHero } from '@/features/home/components/home-hero';
import { makeQueryClient } from '@/lib/query-client';
import { mockReducedMotion } from '@/test/media';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

const CUSTOM: HomeContent = {
  slides: [
    {
      subtitle: 'Winter sale',
      title: 'Warm kit for cold mornings',
      description: 'Jackets and base layers from local stores.',
      button_text: 'Shop winter',
      link: '/products/?category=winter',
      image_url: '/media/winter.jpg',
      tone: 'light',
    },
    {
      subtitle: '',
      title: 'Run the Comrades',
      description: '',
      button_text: 'Enter now',
      link: 'https://comrades.example/enter',
      image_url: null,
      tone: 'brand',
    },
    {
      subtitle: 'Team sports',
      title: 'Kit out the whole team',
      description: 'Bulk orders from one store.',
      button_text: 'See team kit',
      link: '/products/',
      image_url: null,
      tone: 'brand',
    },
  ],
  banners: [
    {
      kicker: 'This week',
      title: 'Trail shoes',
      text: 'Grip for the mountain.',
      button_text: 'Shop trail',
      link: 'https://trail.example/',
      image_url: 'https://cdn.example/trail.jpg',
      tone: 'brand',
    },
  ],
};

function home(): ReactNode {
  return (
    <>
      <HomeHero />
      <HomeBanners />
    </>
  );
}

/** What `bazaar serve` writes into the home page it answers. */
function injectContent(content: HomeContent) {
  const script = document.createElement('script');
  script.id = HOME_CONTENT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(content);
  document.body.append(script);
}

function slideTitles(): string[] {
  return screen.getAllByTestId('hero-slide').map((slide) => within(slide).getByRole('heading', { hidden: true }).textContent ?? '');
}

describe('the home page’s slides and banners', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
    mockReducedMotion(false);
  });
  afterEach(() => {
    document.getElementById(HOME_CONTENT_ID)?.remove();
    vi.unstubAllGlobals();
  });

  it('exports the built-in content, marked so the server can hide it', () => {
    const html = renderToString(<QueryClientProvider client={makeQueryClient()}>{home()}</QueryClientProvider>);
    const container = document.createElement('div');
    container.innerHTML = html;

    const hero = container.querySelector('[data-testid="hero-carousel"]');
    expect(hero).toHaveAttribute('data-home-default');
    expect(hero).toHaveTextContent('Gear up for your next personal best');
    const banners = container.querySelector('section[aria-label="Shop highlights"]');
    expect(banners).toHaveAttribute('data-home-default');
    expect([...container.querySelectorAll('[data-testid="home-banner"]')].map((banner) => banner.getAttribute('href'))).toEqual([
      '/daily-deals/',
      '/products/?sort=newest',
    ]);
  });

  it('swaps in the content written into the page as it hydrates, without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<QueryClientProvider client={makeQueryClient()}>{home()}</QueryClientProvider>);
    document.body.append(container);
    injectContent(CUSTOM);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    // hydrateRoot outside Testing Library: React needs to know act() is in use.
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, <QueryClientProvider client={makeQueryClient()}>{home()}</QueryClientProvider>, {
          onRecoverableError: recoverable,
        });
      });

      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(container.querySelector('[data-home-default]')).toBeNull();
      expect(container.querySelectorAll('[data-testid="hero-slide"]')).toHaveLength(3);
      expect(container).toHaveTextContent('Warm kit for cold mornings');
      expect(container).not.toHaveTextContent('Gear up for your next personal best');
    } finally {
      act(() => root?.unmount());
      container.remove();
      errors.mockRestore();
    }
  });

  it('shows the content written into the page at once, with images, tones and links', () => {
    injectContent(CUSTOM);
    // Nothing is fetched: an unhandled request fails the test.
    renderWithQueryClient(<>{home()}</>);

    const hero = screen.getByTestId('hero-carousel');
    expect(hero).not.toHaveAttribute('data-home-default');
    expect(slideTitles()).toEqual(['Warm kit for cold mornings', 'Run the Comrades', 'Kit out the whole team']);
    const [first, second] = screen.getAllByTestId('hero-slide');
    const image = first!.querySelector('img');
    expect(image).toHaveAttribute('src', '/media/winter.jpg');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(first!.querySelector('svg[viewBox="0 0 320 240"]')).toBeNull();
    expect(within(first!).getByRole('link', { hidden: true })).toHaveAttribute('href', '/products/?category=winter');
    // No image: a drawing instead; an address elsewhere is a plain link.
    expect(second!.querySelector('svg[viewBox="0 0 320 240"]')).not.toBeNull();
    const external = within(second!).getByRole('link', { hidden: true });
    expect(external).toHaveAttribute('href', 'https://comrades.example/enter');
    expect(external).not.toHaveAttribute('target');
    expect(second).not.toHaveTextContent('Winter sale');

    const banners = screen.getByRole('region', { name: 'Shop highlights' });
    expect(banners).not.toHaveAttribute('data-home-default');
    const banner = within(banners).getByTestId('home-banner');
    expect(banner).toHaveAttribute('href', 'https://trail.example/');
    expect(banner).toHaveTextContent('This weekTrail shoesGrip for the mountain.Shop trail');
    expect(banner).toHaveClass('bg-brand-700');
    expect(banner.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/trail.jpg');
    expect(within(banners).getByRole('heading', { level: 2 })).toHaveTextContent('Trail shoes');
  });

  it('fetches the content after a client-side navigation, with a placeholder meanwhile', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/v1/settings/home', async () => {
        await held;
        return HttpResponse.json(CUSTOM);
      }),
    );
    renderWithQueryClient(<>{home()}</>);

    expect(screen.getByTestId('hero-placeholder')).toBeInTheDocument();
    expect(screen.getByTestId('banners-placeholder')).toBeInTheDocument();
    expect(screen.queryByText('Gear up for your next personal best')).not.toBeInTheDocument();
    expect(screen.queryByTestId('home-banner')).not.toBeInTheDocument();

    release();
    expect(await screen.findByText('Warm kit for cold mornings')).toBeInTheDocument();
    expect(screen.getByTestId('hero-carousel')).not.toHaveAttribute('data-home-default');
    expect(screen.getAllByTestId('home-banner')).toHaveLength(1);
    expect(screen.queryByTestId('hero-placeholder')).not.toBeInTheDocument();
  });

  it('shows the built-in content when the content cannot be fetched', async () => {
    server.use(
      http.get('*/api/v1/settings/home', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
      ),
    );
    renderWithQueryClient(<>{home()}</>);

    expect(await screen.findByText('Gear up for your next personal best')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('home-banner')).toHaveLength(2));
    expect(screen.getByTestId('hero-carousel')).toHaveAttribute('data-home-default');
    expect(slideTitles()).toEqual(BUILT_IN_HOME_CONTENT.slides.map((slide) => slide.title));
  });
});
