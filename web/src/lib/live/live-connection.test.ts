import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, RETRY_BASE_MS } from '@/lib/live/live-connection';
import { installMockEventSource, MockEventSource } from '@/test/event-source';

function connection(overrides: Partial<ConstructorParameters<typeof LiveConnection>[0]> = {}) {
  const events: [string, unknown][] = [];
  const getToken = vi.fn(async () => 'token-fresh');
  const onResync = vi.fn();
  const live = new LiveConnection({
    kinds: ['notification'],
    getToken,
    onEvent: (kind, data) => events.push([kind, data]),
    onResync,
    ...overrides,
  });
  return { live, events, getToken, onResync };
}

beforeEach(() => installMockEventSource());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveConnection', () => {
  it('opens /api/v1/events with the token in the query and hands over parsed events', () => {
    const { live, events } = connection();
    live.connect('token-1');

    const source = MockEventSource.latest();
    expect(new URL(source.url).pathname).toBe('/api/v1/events');
    expect(source.searchParams.get('access_token')).toBe('token-1');
    expect(source.searchParams.has('last_event_id')).toBe(false);

    source.open();
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    source.emit('notification', { id: 'n1', title: 'Order shipped' }, '41');
    source.emit('notification', 'not json', '42');
    expect(events).toEqual([['notification', { id: 'n1', title: 'Order shipped' }]]);
    expect(debug).toHaveBeenCalledTimes(1);
    live.stop();
    expect(source.readyState).toBe(MockEventSource.CLOSED);
  });

  it('reconnects with a new token where it left off, closing the old stream', () => {
    const { live } = connection();
    live.connect('token-1');
    const first = MockEventSource.latest();
    first.open();
    first.emit('notification', { id: 'n1' }, '41');

    live.connect('token-1');
    expect(MockEventSource.instances).toHaveLength(1);

    live.connect('token-2');
    expect(first.readyState).toBe(MockEventSource.CLOSED);
    const second = MockEventSource.latest();
    expect(second).not.toBe(first);
    expect(second.searchParams.get('access_token')).toBe('token-2');
    expect(second.searchParams.get('last_event_id')).toBe('41');
  });

  it('leaves a dropped connection to the browser, which retries by itself', () => {
    vi.useFakeTimers();
    const { live, getToken } = connection();
    live.connect('token-1');
    MockEventSource.latest().open();
    MockEventSource.latest().fail({ final: false });
    vi.advanceTimersByTime(120_000);
    expect(MockEventSource.instances).toHaveLength(1);
    expect(getToken).not.toHaveBeenCalled();
    live.stop();
  });

  it('after a refused connection (expired token) opens a new one with a fresh token, later each time', async () => {
    vi.useFakeTimers();
    const { live, getToken, onResync } = connection();
    live.connect('token-expired');
    const first = MockEventSource.latest();
    first.open();
    first.emit('notification', { id: 'n1' }, '7');
    first.fail({ final: true });

    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS - 1);
    expect(MockEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getToken).toHaveBeenCalledTimes(1);
    const second = MockEventSource.latest();
    expect(second.searchParams.get('access_token')).toBe('token-fresh');
    expect(second.searchParams.get('last_event_id')).toBe('7');

    // Refused again: the next try waits twice as long.
    second.fail({ final: true });
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS * 2 - 1);
    expect(MockEventSource.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(MockEventSource.instances).toHaveLength(3);
    MockEventSource.latest().open();
    // Only the first stream asked for a resync: this one resumed from event 7.
    expect(onResync).toHaveBeenCalledTimes(1);
    live.stop();
  });

  it('asks for a resync when a stream opens without a position to resume from', async () => {
    vi.useFakeTimers();
    const { live, onResync } = connection();
    live.connect('token-1');
    expect(onResync).not.toHaveBeenCalled();
    // The first stream: what happened before it opened was never sent to it.
    MockEventSource.latest().open();
    expect(onResync).toHaveBeenCalledTimes(1);
    MockEventSource.latest().fail({ final: true });
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS);
    MockEventSource.latest().open();
    expect(onResync).toHaveBeenCalledTimes(2);
    live.stop();
  });

  it('stays closed after stop(), and without a token does not reconnect', async () => {
    vi.useFakeTimers();
    const { live } = connection({ getToken: async () => null });
    live.connect('token-1');
    MockEventSource.latest().fail({ final: true });
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS * 4);
    expect(MockEventSource.instances).toHaveLength(1);

    live.stop();
    live.connect('token-2');
    expect(MockEventSource.instances).toHaveLength(1);
  });
});
