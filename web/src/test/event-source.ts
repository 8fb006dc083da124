import { vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource (jsdom has none): each instance is kept in
 * `MockEventSource.instances`, and a test drives it with open(), emit() and fail().
 * Install with installMockEventSource(); vi.unstubAllGlobals() removes it.
 */
export class MockEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: MockEventSource[] = [];

  readonly url: string;
  readyState = MockEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(url: string | URL) {
    this.url = String(url);
    MockEventSource.instances.push(this);
  }

  /** The last source created. */
  static latest(): MockEventSource {
    const source = MockEventSource.instances.at(-1);
    if (!source) throw new Error('No EventSource was opened');
    return source;
  }

  get searchParams(): URLSearchParams {
    return new URL(this.url).searchParams;
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
  }

  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = MockEventSource.CLOSED;
  }

  /** The server answered with a stream. */
  open() {
    this.readyState = MockEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** A server-sent event: `event: {type}`, `id: {id}`, `data: {JSON of data}`. */
  emit(type: string, data: unknown, id = '') {
    const event = new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: id });
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }

  /** A failure: `final` (e.g. a 401) closes the source; otherwise the browser would retry. */
  fail({ final }: { final: boolean }) {
    this.readyState = final ? MockEventSource.CLOSED : MockEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }
}

export function installMockEventSource() {
  MockEventSource.instances = [];
  vi.stubGlobal('EventSource', MockEventSource);
}
