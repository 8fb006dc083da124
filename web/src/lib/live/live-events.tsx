'use client';

import { useEffect, useRef } from 'react';
import { getAccessToken } from '@/lib/auth/session';
import { useSession } from '@/lib/auth/use-session';
import { LiveConnection } from '@/lib/live/live-connection';

/**
 * The signed-in visitor's live events: one stream per signed-in session (this component is
 * mounted once, in the root layout), handed to whoever listens with useLiveEvent(kind, …).
 * A new kind the server sends is added to LIVE_EVENT_KINDS.
 */
export const LIVE_EVENT_KINDS = ['notification', 'chat_message', 'chat_read', 'chat_typing'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

type Listener = (data: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
const resyncListeners = new Set<() => void>();

function dispatch(kind: string, data: unknown) {
  for (const listener of [...(listeners.get(kind) ?? [])]) listener(data);
}

function dispatchResync() {
  for (const listener of [...resyncListeners]) listener();
}

/** Calls `listener` with the (parsed JSON) data of every `kind` event while mounted. */
export function useLiveEvent(kind: LiveEventKind, listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const call: Listener = (data) => latest.current(data);
    let set = listeners.get(kind);
    if (!set) listeners.set(kind, (set = new Set()));
    set.add(call);
    return () => {
      set.delete(call);
    };
  }, [kind]);
}

/** Calls `listener` when a stream opened without replaying what came before it (the first one, too). */
export function useLiveResync(listener: () => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const call = () => latest.current();
    resyncListeners.add(call);
    return () => {
      resyncListeners.delete(call);
    };
  }, []);
}

/** Opens the stream when signed in, reconnects after each token refresh, closes it at sign-out. */
export function LiveEvents() {
  const { session } = useSession();
  const userId = session?.user.id ?? null;
  const token = session?.access_token ?? null;
  const connection = useRef<LiveConnection | null>(null);

  useEffect(() => {
    if (!userId) return;
    const live = new LiveConnection({
      kinds: LIVE_EVENT_KINDS,
      getToken: getAccessToken,
      onEvent: dispatch,
      onResync: dispatchResync,
    });
    connection.current = live;
    return () => {
      live.stop();
      if (connection.current === live) connection.current = null;
    };
  }, [userId]);

  useEffect(() => {
    if (!userId || !token) return;
    let cancelled = false;
    // The stored token may be about to expire: a refresh changes the session and runs this again.
    void getAccessToken().then((usable) => {
      if (!cancelled && usable) connection.current?.connect(usable);
    });
    return () => {
      cancelled = true;
    };
  }, [userId, token]);

  return null;
}
