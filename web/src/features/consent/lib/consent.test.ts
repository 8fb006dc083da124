import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_KEY,
  parseConsent,
  readConsent,
  saveConsent,
  subscribeConsent,
  withdrawnCategories,
} from '@/features/consent/lib/consent';

const NOW = Date.parse('2026-11-20T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

function stored(value: object) {
  return JSON.stringify(value);
}

describe('parseConsent', () => {
  it('reads a stored choice with its date', () => {
    const raw = stored({ analytics: true, marketing: false, decided_at: '2026-11-01T08:00:00.000Z' });
    expect(parseConsent(raw, NOW)).toEqual({ analytics: true, marketing: false, decided_at: '2026-11-01T08:00:00.000Z' });
  });

  it('counts a choice for a year, then asks again', () => {
    const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();
    expect(parseConsent(stored({ analytics: true, marketing: true, decided_at: at(365) }), NOW)).not.toBeNull();
    expect(parseConsent(stored({ analytics: true, marketing: true, decided_at: at(366) }), NOW)).toBeNull();
  });

  it.each([
    ['nothing', null],
    ['not JSON', '{yes'],
    ['no date', stored({ analytics: true, marketing: true })],
    ['a bad date', stored({ analytics: true, marketing: true, decided_at: 'yesterday' })],
    ['a category missing', stored({ analytics: true, decided_at: '2026-11-01T08:00:00Z' })],
    ['a category not a boolean', stored({ analytics: 'yes', marketing: false, decided_at: '2026-11-01T08:00:00Z' })],
    ['null', 'null'],
  ])('is no choice for %s', (_, raw) => {
    expect(parseConsent(raw, NOW)).toBeNull();
  });
});

describe('withdrawnCategories', () => {
  it('names the categories turned off', () => {
    const all = { analytics: true, marketing: true };
    expect(withdrawnCategories(all, { analytics: false, marketing: true })).toEqual(['analytics']);
    expect(withdrawnCategories(all, { analytics: false, marketing: false })).toEqual(['analytics', 'marketing']);
    expect(withdrawnCategories(all, null)).toEqual(['analytics', 'marketing']);
  });

  it('is nothing when nothing was on or nothing changed for the worse', () => {
    expect(withdrawnCategories(null, { analytics: false, marketing: false })).toEqual([]);
    expect(withdrawnCategories(null, { analytics: true, marketing: true })).toEqual([]);
    expect(withdrawnCategories({ analytics: false, marketing: true }, { analytics: true, marketing: true })).toEqual([]);
  });
});

describe('the stored choice', () => {
  afterEach(() => vi.useRealTimers());

  it('is kept under a versioned key with the date, and read back as the same object', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    expect(readConsent()).toBeNull();
    saveConsent({ analytics: true, marketing: false });
    expect(JSON.parse(window.localStorage.getItem(CONSENT_KEY)!)).toEqual({
      analytics: true,
      marketing: false,
      decided_at: '2026-11-20T10:00:00.000Z',
    });
    expect(CONSENT_KEY).toBe('bazaar.consent.v1');
    const read = readConsent();
    expect(read).toEqual({ analytics: true, marketing: false, decided_at: '2026-11-20T10:00:00.000Z' });
    expect(readConsent()).toBe(read);
  });

  it('tells subscribers of a choice made here and of one made in another tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    saveConsent({ analytics: false, marketing: false });
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'bazaar.cart.guest' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    saveConsent({ analytics: true, marketing: true });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
