import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession } from '@/lib/auth/session-store';
import type { AuthUser, Session } from '@/lib/auth/types';

export type SessionState =
  | { status: 'loading'; session: null; user: null }
  | { status: 'signed-out'; session: null; user: null }
  | { status: 'signed-in'; session: Session; user: AuthUser };

const LOADING: SessionState = { status: 'loading', session: null, user: null };
const SIGNED_OUT: SessionState = { status: 'signed-out', session: null, user: null };

let lastSession: Session | null = null;
let lastState: SessionState = SIGNED_OUT;

function snapshot(): SessionState {
  const session = readSession();
  if (!session) return SIGNED_OUT;
  if (session !== lastSession) {
    lastSession = session;
    lastState = { status: 'signed-in', session, user: session.user };
  }
  return lastState;
}

/**
 * The session as this tab knows it. 'loading' while the exported HTML hydrates (the server has
 * no session), then 'signed-in' or 'signed-out', following every change in any tab.
 */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, snapshot, () => LOADING);
}

/** The signed-in user, or null (signed out or still loading). */
export function useUser(): AuthUser | null {
  return useSession().user;
}
