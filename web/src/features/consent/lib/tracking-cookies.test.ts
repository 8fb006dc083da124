import { afterEach, describe, expect, it } from 'vitest';
import { clearTrackingCookies, cookieDomains, trackingCookieNames } from '@/features/consent/lib/tracking-cookies';

const COOKIES =
  '_ga=GA1.1.1; _ga_AB12CD34EF=GS1.1; _gid=GA1.2; _gat_UA-1=1; _hjSessionUser_3456789=abc; _hjSession_3456789=def; ' +
  '_gcl_au=1.1.1; _gac_UA-1=1; _fbp=fb.1.2; _fbc=fb.1.3; theme=dark; _gallery=1; bazaar_session=1';

describe('trackingCookieNames', () => {
  it('finds the analytics tools’ cookies', () => {
    expect(trackingCookieNames(COOKIES, ['analytics'])).toEqual([
      '_ga',
      '_ga_AB12CD34EF',
      '_gid',
      '_gat_UA-1',
      '_hjSessionUser_3456789',
      '_hjSession_3456789',
    ]);
  });

  it('finds the marketing tools’ cookies', () => {
    expect(trackingCookieNames(COOKIES, ['marketing'])).toEqual(['_gcl_au', '_gac_UA-1', '_fbp', '_fbc']);
  });

  it('leaves every other cookie alone', () => {
    const names = trackingCookieNames(COOKIES, ['analytics', 'marketing']);
    expect(names).toHaveLength(10);
    expect(names).not.toContain('theme');
    expect(names).not.toContain('_gallery');
    expect(names).not.toContain('bazaar_session');
    expect(trackingCookieNames('', ['analytics'])).toEqual([]);
  });
});

describe('cookieDomains', () => {
  it('is the host and each parent domain', () => {
    expect(cookieDomains('shop.example.co.za')).toEqual([null, 'shop.example.co.za', 'example.co.za', 'co.za']);
    expect(cookieDomains('bazaar.test')).toEqual([null, 'bazaar.test']);
  });

  it('is only the host-only cookie for localhost and addresses', () => {
    expect(cookieDomains('localhost')).toEqual([null]);
    expect(cookieDomains('127.0.0.1')).toEqual([null]);
    expect(cookieDomains('::1')).toEqual([null]);
  });
});

describe('clearTrackingCookies', () => {
  afterEach(() => {
    for (const name of ['_ga', '_fbp', 'theme']) document.cookie = `${name}=; Max-Age=0; path=/`;
  });

  it('expires the withdrawn category’s cookies and Hotjar’s storage, and nothing else', () => {
    document.cookie = '_ga=GA1.1.1; path=/';
    document.cookie = '_fbp=fb.1.2; path=/';
    document.cookie = 'theme=dark; path=/';
    window.localStorage.setItem('_hjSessionUser_3456789', 'abc');
    window.localStorage.setItem('bazaar.cart.guest', '[]');

    clearTrackingCookies(['analytics']);
    expect(document.cookie).toBe('_fbp=fb.1.2; theme=dark');
    expect(window.localStorage.getItem('_hjSessionUser_3456789')).toBeNull();
    expect(window.localStorage.getItem('bazaar.cart.guest')).toBe('[]');

    clearTrackingCookies(['marketing']);
    expect(document.cookie).toBe('theme=dark');
  });
});
