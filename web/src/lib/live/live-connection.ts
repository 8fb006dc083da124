import { apiUrl } from '@/lib/api-url';

/**
 * One server-sent-events stream from GET /api/v1/events (ARCHITECTURE.md "API": realtime).
 *
 * EventSource cannot send headers, so the access token rides in the query. The browser
 * reconnects by itself after a dropped connection, sending Last-Event-ID; but an answer other
 * than a stream (a 401 once the token has expired, a 5xx) closes the source for good. Then a new
 * source is opened with a fresh token after a growing delay, resuming with `last_event_id` from
 * the last event seen, so nothing is missed. After a token refresh the stream is reopened with
 * the new token the same way.
 */

export const RETRY_BASE_MS = 1_000;
/** EventSource.CLOSED, without needing the global (absent outside browsers). */
const CLOSED = 2;
export const RETRY_MAX_MS = 60_000;

export interface LiveConnectionOptions {
  /** The event names to listen for (`notification`, …). */
  kinds: readonly string[];
  /** A usable access token (refreshed first if about to expire), or null when signed out. */
  getToken: () => Promise<string | null>;
  onEvent: (kind: string, data: unknown) => void;
  /**
   * A stream started without a position to resume from: the first one (what happened between
   * the page reading its lists and the stream opening was never sent to it), or a restart after
   * the previous one stopped before any event. What happened before is not replayed and must be
   * read again.
   */
  onResync?: () => void;
  createSource?: (url: string) => EventSource;
}

export function liveEventsUrl(token: string, lastEventId: string | null): string {
  const params = new URLSearchParams({ access_token: token });
  if (lastEventId) params.set('last_event_id', lastEventId);
  return apiUrl(`/api/v1/events?${params.toString()}`);
}

export class LiveConnection {
  private readonly options: LiveConnectionOptions;
  private source: EventSource | null = null;
  private token: string | null = null;
  private lastEventId: string | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private stopped = false;

  constructor(options: LiveConnectionOptions) {
    this.options = options;
  }

  /** Connects with `token`; with a new token (after a refresh), reconnects where it left off. */
  connect(token: string): void {
    if (this.stopped) return;
    if (!this.options.createSource && typeof EventSource === 'undefined') return;
    if (token === this.token && this.source && this.source.readyState !== CLOSED) return;
    clearTimeout(this.retryTimer);
    this.closeSource();
    this.token = token;

    const url = liveEventsUrl(token, this.lastEventId);
    const source = this.options.createSource?.(url) ?? new EventSource(url);
    this.source = source;
    source.onopen = () => {
      this.failures = 0;
      if (this.lastEventId === null) this.options.onResync?.();
    };
    source.onerror = () => {
      // While CONNECTING the browser is retrying by itself (with Last-Event-ID); CLOSED is final.
      if (source === this.source && source.readyState === CLOSED) this.scheduleRetry();
    };
    for (const kind of this.options.kinds) {
      source.addEventListener(kind, (event) => this.receive(kind, event as MessageEvent<string>));
    }
  }

  /** Closes the stream for good (sign-out, or the page going away). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.closeSource();
  }

  private receive(kind: string, event: MessageEvent<string>) {
    if (event.lastEventId) this.lastEventId = event.lastEventId;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      console.debug('Live event with unreadable data ignored', kind);
      return;
    }
    this.options.onEvent(kind, data);
  }

  private scheduleRetry() {
    this.closeSource();
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.failures);
    this.failures += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      void this.options
        .getToken()
        .catch(() => null)
        .then((token) => {
          // No token: signed out, or the server is out of reach with an expired token. The
          // session keeper refreshes when it can, and the owner then calls connect() again.
          if (token && !this.stopped) {
            this.token = null;
            this.connect(token);
          }
        });
    }, delay);
  }

  private closeSource() {
    if (!this.source) return;
    this.source.onopen = null;
    this.source.onerror = null;
    this.source.close();
    this.source = null;
  }
}
