import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedTools } from '@/features/consent/lib/tools';
import { ALL_TRACKING } from '@/test/tracking';

/** The page's globals the tools' snippets set. */
type TagGlobals = {
  dataLayer?: ArrayLike<unknown>[];
  gtag?: unknown;
  fbq?: ((...args: unknown[]) => void) & { queue: unknown[][]; disablePushState?: boolean };
  _fbq?: unknown;
  hj?: ((...args: unknown[]) => void) & { q?: unknown[][] };
  _hjSettings?: unknown;
} & Record<string, unknown>;

const tagWindow = window as unknown as TagGlobals;

/** The loader and the conversions it routes, fresh for each test (they remember what they set up). */
async function freshModules() {
  vi.resetModules();
  const loader = await import('@/features/consent/lib/tag-loader');
  const conversions = await import('@/lib/tracking/conversions');
  return { ...loader, ...conversions };
}

function scripts(): string[] {
  return Array.from(document.head.querySelectorAll('script'), (script) => script.src);
}

/** The Google tag's queue as plain arrays (the snippet pushes `arguments` objects). */
function gtagCommands(): unknown[][] {
  return (tagWindow.dataLayer ?? []).map((entry) => Array.from(entry));
}

beforeEach(() => {
  for (const name of ['dataLayer', 'gtag', 'fbq', '_fbq', 'hj', '_hjSettings', 'ga-disable-G-AB12CD34EF']) {
    delete tagWindow[name];
  }
});

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('loadTools', () => {
  it('starts the Google tag denied, then applies the choice before configuring GA4', async () => {
    const { loadTools } = await freshModules();
    loadTools(allowedTools(ALL_TRACKING, { analytics: true, marketing: false }), { analytics: true, marketing: false }, 'ZAR');

    expect(scripts()).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
      'https://static.hotjar.com/c/hotjar-3456789.js?sv=6',
    ]);
    const commands = gtagCommands();
    expect(commands[0]).toEqual([
      'consent',
      'default',
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
    expect(commands[1]?.[0]).toBe('js');
    expect(commands.slice(2)).toEqual([
      [
        'consent',
        'update',
        { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
      ],
      ['config', 'G-AB12CD34EF', { anonymize_ip: true, send_page_view: true }],
    ]);
    // The queue holds `arguments` objects, which is what the Google tag reads.
    expect(Object.prototype.toString.call(tagWindow.dataLayer![0])).toBe('[object Arguments]');
    expect(tagWindow._hjSettings).toEqual({ hjid: 3456789, hjsv: 6 });
    expect(tagWindow.fbq).toBeUndefined();
  });

  it('adds Google Ads and the Pixel when marketing is accepted later, without loading anything twice', async () => {
    const { loadTools } = await freshModules();
    const analytics = { analytics: true, marketing: false };
    loadTools(allowedTools(ALL_TRACKING, analytics), analytics, 'ZAR');
    const all = { analytics: true, marketing: true };
    loadTools(allowedTools(ALL_TRACKING, all), all, 'ZAR');

    expect(scripts()).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
      'https://static.hotjar.com/c/hotjar-3456789.js?sv=6',
      'https://www.googletagmanager.com/gtag/js?id=AW-123456789',
      'https://connect.facebook.net/en_US/fbevents.js',
    ]);
    const commands = gtagCommands();
    expect(commands.filter(([command]) => command === 'config')).toEqual([
      ['config', 'G-AB12CD34EF', { anonymize_ip: true, send_page_view: true }],
      ['config', 'AW-123456789'],
    ]);
    expect(commands.at(-2)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
    ]);
    expect(tagWindow.fbq!.queue).toEqual([
      ['init', '1234567890123'],
      ['track', 'PageView'],
    ]);
  });

  it('sends no PageView, not even on history changes, when the Pixel does not track them', async () => {
    const { loadTools } = await freshModules();
    const marketing = { analytics: false, marketing: true };
    const tracking = { ...ALL_TRACKING, meta_pixel: { ...ALL_TRACKING.meta_pixel!, track_page_view: false } };
    loadTools(allowedTools(tracking, marketing), marketing, 'ZAR');
    expect(tagWindow.fbq!.queue).toEqual([['init', '1234567890123']]);
    expect(tagWindow.fbq!.disablePushState).toBe(true);
  });

  it('routes conversions to the loaded tools', async () => {
    const { loadTools, trackConversion } = await freshModules();
    trackConversion({ type: 'sign_up' });
    const marketing = { analytics: false, marketing: true };
    loadTools(allowedTools(ALL_TRACKING, marketing), marketing, 'ZAR');
    trackConversion({ type: 'purchase', order_number: 'BZ-1', value_cents: 10_000 });

    expect(gtagCommands().filter(([command]) => command === 'event')).toEqual([
      ['event', 'conversion', { send_to: 'AW-123456789/join' }],
      ['event', 'conversion', { send_to: 'AW-123456789/buy_1', value: 100, currency: 'ZAR', transaction_id: 'BZ-1' }],
    ]);
    expect(tagWindow.fbq!.queue.slice(2)).toEqual([
      ['track', 'CompleteRegistration'],
      ['track', 'Purchase', { value: 100, currency: 'ZAR' }],
    ]);
  });
});

describe('withdraw', () => {
  it('denies, switches GA off and clears the cookies, and asks for a reload when a tool of it ran', async () => {
    const { loadTools, withdraw } = await freshModules();
    const all = { analytics: true, marketing: true };
    loadTools(allowedTools(ALL_TRACKING, all), all, 'ZAR');
    document.cookie = '_ga=GA1.1.1; path=/';
    document.cookie = '_fbp=fb.1.2; path=/';

    expect(withdraw(['analytics'])).toBe(true);
    expect(gtagCommands().at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    expect(tagWindow['ga-disable-G-AB12CD34EF']).toBe(true);
    expect(document.cookie).toBe('_fbp=fb.1.2');

    expect(withdraw(['marketing'])).toBe(true);
    expect(gtagCommands().at(-1)).toEqual([
      'consent',
      'update',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
    expect(tagWindow.fbq!.queue.at(-1)).toEqual(['consent', 'revoke']);
    expect(document.cookie).toBe('');
  });

  it('only clears cookies when nothing of the category ran in this page', async () => {
    const { loadTools, withdraw } = await freshModules();
    const analytics = { analytics: true, marketing: false };
    loadTools(allowedTools(ALL_TRACKING, analytics), analytics, 'ZAR');
    document.cookie = '_gcl_au=1.1.1; path=/';
    expect(withdraw(['marketing'])).toBe(false);
    expect(document.cookie).toBe('');
  });
});
