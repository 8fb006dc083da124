import { api } from '@/lib/api/client';

/**
 * First-party analytics (SPEC §6–9): events go to POST /api/v1/analytics/events with the
 * browser session's id, and with the bearer token when signed in (the server then adds the user
 * id; device type, browser and place are added server-side). Tracking never gets in the way:
 * failures are logged with console.debug only (SPEC §8).
 */

/** sessionStorage key of the analytics session id: one id per browser tab session. */
export const ANALYTICS_SESSION_KEY = 'bazaar.analytics.session';
export const ANALYTICS_EVENTS_PATH = '/api/v1/analytics/events' as const;

/** The server's limits (crates/api/src/routes/analytics.rs), so nothing is sent only to be refused. */
const MAX_URL_LENGTH = 2048;

let memorySessionId: string | null = null;

function newSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The analytics session id, created on first use and reused for the rest of the tab's session. */
export function getAnalyticsSessionId(): string {
  try {
    const stored = window.sessionStorage.getItem(ANALYTICS_SESSION_KEY);
    if (stored) return stored;
    const id = memorySessionId ?? newSessionId();
    window.sessionStorage.setItem(ANALYTICS_SESSION_KEY, id);
    memorySessionId = id;
    return id;
  } catch {
    // Storage blocked: one id for as long as this page lives.
    memorySessionId ??= newSessionId();
    return memorySessionId;
  }
}

export type EventData = Record<string, unknown>;

export interface TrackOptions {
  /** Defaults to the current address. */
  pageUrl?: string | null;
  referrer?: string | null;
}

function clip(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return value.length > MAX_URL_LENGTH ? value.slice(0, MAX_URL_LENGTH) : value;
}

/**
 * Records an event (`view_item`, `add_to_cart`, …). Fire and forget: the returned promise always
 * resolves, and a failure is only logged.
 */
export async function track(eventType: string, data?: EventData, options: TrackOptions = {}): Promise<void> {
  if (typeof window === 'undefined') return;
  const body = {
    event_type: eventType,
    session_id: getAnalyticsSessionId(),
    event_data: data,
    page_url: clip(options.pageUrl === undefined ? window.location.href : options.pageUrl),
    referrer: clip(options.referrer),
  };
  try {
    await api.post(ANALYTICS_EVENTS_PATH, { body });
  } catch (error) {
    console.debug('Analytics event not recorded', eventType, error);
  }
}

/** A page view (SPEC §2: each route change records one). */
export function trackPageView(pageUrl: string, referrer: string | null): Promise<void> {
  return track('page_view', undefined, { pageUrl, referrer });
}
