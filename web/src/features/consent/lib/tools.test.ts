import { describe, expect, it } from 'vitest';
import { scriptUrls } from '@/features/consent/lib/script-urls';
import { allowedTools, needsConsent, toolsOn } from '@/features/consent/lib/tools';
import { ALL_TRACKING, NO_TRACKING } from '@/test/tracking';

describe('which tools are on', () => {
  it('lists those the settings turn on, analytics first', () => {
    expect(toolsOn(ALL_TRACKING)).toEqual(['ga4', 'hotjar', 'google_ads', 'meta_pixel']);
    expect(toolsOn({ ...NO_TRACKING, meta_pixel: ALL_TRACKING.meta_pixel })).toEqual(['meta_pixel']);
  });

  it('asks for consent only when some tool is on', () => {
    expect(needsConsent(ALL_TRACKING)).toBe(true);
    expect(needsConsent({ ...NO_TRACKING, hotjar: ALL_TRACKING.hotjar })).toBe(true);
    expect(needsConsent(NO_TRACKING)).toBe(false);
    expect(needsConsent(null)).toBe(false);
    expect(needsConsent(undefined)).toBe(false);
  });
});

describe('allowedTools', () => {
  it('loads nothing before the visitor chooses, or with necessary only', () => {
    expect(allowedTools(ALL_TRACKING, null)).toEqual(NO_TRACKING);
    expect(allowedTools(ALL_TRACKING, { analytics: false, marketing: false })).toEqual(NO_TRACKING);
  });

  it('loads GA4 and Hotjar for analytics, Google Ads and the Pixel for marketing', () => {
    expect(allowedTools(ALL_TRACKING, { analytics: true, marketing: false })).toEqual({
      ...NO_TRACKING,
      ga4: ALL_TRACKING.ga4,
      hotjar: ALL_TRACKING.hotjar,
    });
    expect(allowedTools(ALL_TRACKING, { analytics: false, marketing: true })).toEqual({
      ...NO_TRACKING,
      google_ads: ALL_TRACKING.google_ads,
      meta_pixel: ALL_TRACKING.meta_pixel,
    });
    expect(allowedTools(ALL_TRACKING, { analytics: true, marketing: true })).toEqual(ALL_TRACKING);
  });

  it('never loads a tool the settings leave off', () => {
    expect(allowedTools({ ...NO_TRACKING, ga4: ALL_TRACKING.ga4 }, { analytics: true, marketing: true })).toEqual({
      ...NO_TRACKING,
      ga4: ALL_TRACKING.ga4,
    });
    expect(allowedTools(null, { analytics: true, marketing: true })).toEqual(NO_TRACKING);
  });
});

describe('scriptUrls', () => {
  it('is each vendor’s standard script for the allowed tools', () => {
    expect(scriptUrls(ALL_TRACKING)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
      'https://www.googletagmanager.com/gtag/js?id=AW-123456789',
      'https://static.hotjar.com/c/hotjar-3456789.js?sv=6',
      'https://connect.facebook.net/en_US/fbevents.js',
    ]);
  });

  it('follows the consent', () => {
    expect(scriptUrls(allowedTools(ALL_TRACKING, { analytics: true, marketing: false }))).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF',
      'https://static.hotjar.com/c/hotjar-3456789.js?sv=6',
    ]);
    expect(scriptUrls(allowedTools(ALL_TRACKING, { analytics: false, marketing: true }))).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=AW-123456789',
      'https://connect.facebook.net/en_US/fbevents.js',
    ]);
    expect(scriptUrls(NO_TRACKING)).toEqual([]);
  });

  it('keeps an id inside its query parameter', () => {
    expect(scriptUrls({ ...NO_TRACKING, ga4: { measurement_id: 'G-1&x=<y>', anonymize_ip: false, send_page_view: true } })).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-1%26x%3D%3Cy%3E',
    ]);
  });
});
