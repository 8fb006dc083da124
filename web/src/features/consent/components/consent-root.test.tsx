import { http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsentRoot } from '@/features/consent/components/consent-root';
import { CONSENT_KEY } from '@/features/consent/lib/consent';
import { loadPage } from '@/lib/navigation';
import type { PublicTracking } from '@/lib/public-settings';
import { openCookieSettings } from '@/lib/tracking/cookie-settings';
import { trackConversion } from '@/lib/tracking/conversions';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { ALL_TRACKING, NO_TRACKING } from '@/test/tracking';

vi.mock('@/lib/navigation', () => ({ loadPage: vi.fn() }));

const GA4_ONLY: PublicTracking = { ...NO_TRACKING, ga4: ALL_TRACKING.ga4 };

function serveSettings(tracking: PublicTracking | null) {
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings({ tracking }))));
}

function storeChoice(analytics: boolean, marketing: boolean) {
  window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ analytics, marketing, decided_at: new Date().toISOString() }));
}

function storedChoice() {
  const { analytics, marketing } = JSON.parse(window.localStorage.getItem(CONSENT_KEY) ?? 'null') as {
    analytics: boolean;
    marketing: boolean;
  };
  return { analytics, marketing };
}

/** The third-party scripts in the page. */
function scripts(): string[] {
  return Array.from(document.head.querySelectorAll('script'), (script) => script.src);
}

/** The banner once the settings have answered and its code has loaded. */
function findBanner() {
  return screen.findByRole('region', { name: 'Cookies and your privacy' });
}

/** Lets the settings answer and any lazy code load, to show that nothing more happens. */
async function settle(queryClientSettled: () => boolean) {
  await waitFor(() => expect(queryClientSettled()).toBe(true));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  for (const name of ['dataLayer', 'gtag', 'fbq', '_fbq', 'hj', '_hjSettings']) {
    delete (window as unknown as Record<string, unknown>)[name];
  }
});

describe('ConsentRoot', () => {
  it('asks nothing and loads nothing when every tool is off', async () => {
    serveSettings(NO_TRACKING);
    const { queryClient } = renderWithQueryClient(<ConsentRoot />);
    await settle(() => queryClient.getQueryState(['settings', 'public'])?.status === 'success');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(scripts()).toEqual([]);
  });

  it('explains the tools that are on, in plain words, and loads none of them before a choice', async () => {
    serveSettings(ALL_TRACKING);
    renderWithQueryClient(<ConsentRoot />);
    const banner = await findBanner();
    expect(banner).toHaveTextContent('Analytics (Google Analytics and Hotjar):');
    expect(banner).toHaveTextContent('Marketing (Google Ads and Meta Pixel):');
    expect(banner).toHaveTextContent('you can change your choice at any time under “Cookie settings”');
    expect(within(banner).getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy/');
    // Nothing else had focus, so the banner takes it: it is what keyboard users meet first.
    expect(banner).toHaveFocus();
    expect(scripts()).toEqual([]);
    expect(window.localStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('names only the categories whose tools are on', async () => {
    serveSettings(GA4_ONLY);
    renderWithQueryClient(<ConsentRoot />);
    const banner = await findBanner();
    expect(banner).toHaveTextContent('Analytics (Google Analytics):');
    expect(banner).not.toHaveTextContent('Marketing');
  });

  it('loads every tool that is on after “Accept all”, and keeps the choice', async () => {
    serveSettings(ALL_TRACKING);
    renderWithQueryClient(<ConsentRoot />);
    const user = userEvent.setup();
    await user.click(within(await findBanner()).getByRole('button', { name: 'Accept all' }));

    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(storedChoice()).toEqual({ analytics: true, marketing: true });
    await waitFor(() =>
      expect(scripts()).toEqual([
        'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
        'https://www.googletagmanager.com/gtag/js?id=AW-123456789',
        'https://static.hotjar.com/c/hotjar-3456789.js?sv=6',
        'https://connect.facebook.net/en_US/fbevents.js',
      ]),
    );
  });

  it('loads nothing after “Necessary only”', async () => {
    serveSettings(ALL_TRACKING);
    renderWithQueryClient(<ConsentRoot />);
    const user = userEvent.setup();
    await user.click(within(await findBanner()).getByRole('button', { name: 'Necessary only' }));

    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(storedChoice()).toEqual({ analytics: false, marketing: false });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(scripts()).toEqual([]);
  });

  it('“Choose” opens a switch per category; saving loads only the accepted category’s tools', async () => {
    serveSettings(ALL_TRACKING);
    renderWithQueryClient(<ConsentRoot />);
    const user = userEvent.setup();
    const choose = within(await findBanner()).getByRole('button', { name: 'Choose' });
    await user.click(choose);

    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    const necessary = within(dialog).getByRole('switch', { name: 'Necessary' });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    const analytics = within(dialog).getByRole('switch', { name: 'Analytics' });
    const marketing = within(dialog).getByRole('switch', { name: 'Marketing' });
    expect(analytics).not.toBeChecked();
    expect(marketing).not.toBeChecked();
    expect(analytics).toHaveAccessibleDescription(/Used by Google Analytics and Hotjar$/);
    expect(marketing).toHaveAccessibleDescription(/Used by Google Ads and Meta Pixel$/);

    // Switches work from the keyboard.
    analytics.focus();
    await user.keyboard(' ');
    expect(analytics).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save choices' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(storedChoice()).toEqual({ analytics: true, marketing: false });
    await waitFor(() =>
      expect(scripts()).toEqual([
        'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
        'https://static.hotjar.com/c/hotjar-3456789.js?sv=6',
      ]),
    );
  });

  it('closes the dialog on Escape without choosing, and the banner stays', async () => {
    serveSettings(GA4_ONLY);
    renderWithQueryClient(<ConsentRoot />);
    const user = userEvent.setup();
    const choose = within(await findBanner()).getByRole('button', { name: 'Choose' });
    await user.click(choose);
    await screen.findByRole('dialog', { name: 'Cookie settings' });
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await findBanner()).toBeInTheDocument();
    await waitFor(() => expect(choose).toHaveFocus());
    expect(window.localStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('loads the accepted tools at once for a visitor who chose before, without asking', async () => {
    storeChoice(true, false);
    serveSettings(ALL_TRACKING);
    renderWithQueryClient(<ConsentRoot />);
    await waitFor(() =>
      expect(scripts()).toEqual([
        'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
        'https://static.hotjar.com/c/hotjar-3456789.js?sv=6',
      ]),
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();

    // Conversions now reach GA4 (and not the marketing tools).
    trackConversion({ type: 'sign_up' });
    const events = ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry))
      .filter(([command]) => command === 'event');
    expect(events).toEqual([['event', 'sign_up', { send_to: 'G-AB12CD34EF', method: 'email' }]]);
    expect((window as unknown as { fbq?: unknown }).fbq).toBeUndefined();
  });

  it('opens from “Cookie settings” with the current choice; withdrawing clears the cookies and reloads the page', async () => {
    storeChoice(true, true);
    serveSettings(GA4_ONLY);
    renderWithQueryClient(<ConsentRoot />);
    await waitFor(() => expect(scripts()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF']));
    document.cookie = '_ga=GA1.1.1; path=/';
    const footerButton = document.createElement('button');
    document.body.append(footerButton);
    footerButton.focus();

    act(() => openCookieSettings());
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    const analytics = within(dialog).getByRole('switch', { name: 'Analytics' });
    expect(analytics).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Marketing' })).toHaveAccessibleDescription(
      /Not used at the moment$/,
    );
    const user = userEvent.setup();
    await user.click(analytics);
    await user.click(within(dialog).getByRole('button', { name: 'Save choices' }));

    expect(storedChoice()).toEqual({ analytics: false, marketing: true });
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith(window.location.href.split('#')[0]));
    expect(document.cookie).toBe('');
    await waitFor(() => expect(footerButton).toHaveFocus());
    footerButton.remove();
  });

  it('opens from “Cookie settings” when no tool is on, saying the categories are not used', async () => {
    serveSettings(null);
    renderWithQueryClient(<ConsentRoot />);
    act(() => openCookieSettings());
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    expect(within(dialog).getByRole('switch', { name: 'Analytics' })).toHaveAccessibleDescription(/Not used at the moment$/);
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Accept all' }));
    expect(storedChoice()).toEqual({ analytics: true, marketing: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(scripts()).toEqual([]);
    expect(loadPage).not.toHaveBeenCalled();
  });
});
