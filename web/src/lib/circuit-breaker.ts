/**
 * A circuit breaker for optional requests (SPEC §4, §9: the home page's recently viewed list).
 * After `failureThreshold` consecutive failures the circuit opens and calls are refused without
 * a request for `openMs`; then it is half-open: one trial call goes through, and its success
 * closes the circuit while its failure opens it for another `openMs`. State lives in memory and,
 * when a storage key is given, in sessionStorage, so reloading the page does not reset it.
 */

export type CircuitState = 'closed' | 'open' | 'half-open';

export class CircuitOpenError extends Error {
  constructor(readonly retryAt: number) {
    super('Circuit open: request skipped');
    this.name = 'CircuitOpenError';
  }
}

export interface CircuitBreakerOptions {
  failureThreshold: number;
  openMs: number;
  /** sessionStorage key that keeps the state across page loads in this tab. */
  storageKey?: string;
  now?: () => number;
}

interface Stored {
  failures: number;
  openedAt: number | null;
}

export interface CircuitBreaker {
  state(): CircuitState;
  /** Runs `call` unless the circuit is open (then throws CircuitOpenError without calling it). */
  run<T>(call: () => Promise<T>): Promise<T>;
  recordSuccess(): void;
  recordFailure(): void;
}

const CLOSED: Stored = { failures: 0, openedAt: null };

function parseStored(raw: string | null): Stored {
  if (raw === null) return CLOSED;
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    const openedAt = value.openedAt ?? null;
    if (typeof value.failures === 'number' && (openedAt === null || typeof openedAt === 'number')) {
      return { failures: value.failures, openedAt };
    }
  } catch {
    // Unreadable: start afresh.
  }
  return CLOSED;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function createCircuitBreaker({
  failureThreshold,
  openMs,
  storageKey,
  now = () => Date.now(),
}: CircuitBreakerOptions): CircuitBreaker {
  let memory: Stored = CLOSED;
  let trialInFlight = false;

  // sessionStorage is the record when it can be used (nothing stored: a fresh, closed circuit);
  // the in-memory copy stands in when storage is blocked.
  function load(): Stored {
    if (!storageKey) return memory;
    let raw: string | null;
    try {
      raw = window.sessionStorage.getItem(storageKey);
    } catch {
      return memory;
    }
    memory = parseStored(raw);
    return memory;
  }

  function save(next: Stored) {
    memory = next;
    if (!storageKey) return;
    try {
      window.sessionStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Storage blocked: the state lasts as long as this page.
    }
  }

  function state(): CircuitState {
    const { openedAt } = load();
    if (openedAt === null) return 'closed';
    return now() - openedAt < openMs ? 'open' : 'half-open';
  }

  function recordSuccess() {
    save(CLOSED);
  }

  function recordFailure() {
    const current = load();
    const failures = current.failures + 1;
    // A failed trial call (half-open) opens the circuit again at once.
    const open = failures >= failureThreshold || current.openedAt !== null;
    save({ failures, openedAt: open ? now() : null });
  }

  async function run<T>(call: () => Promise<T>): Promise<T> {
    const current = state();
    if (current === 'open' || (current === 'half-open' && trialInFlight)) {
      throw new CircuitOpenError((load().openedAt ?? now()) + openMs);
    }
    const trial = current === 'half-open';
    if (trial) trialInFlight = true;
    try {
      const result = await call();
      recordSuccess();
      return result;
    } catch (error) {
      // A cancelled request (navigating away) says nothing about the server.
      if (!isAbort(error)) recordFailure();
      throw error;
    } finally {
      if (trial) trialInFlight = false;
    }
  }

  return { state, run, recordSuccess, recordFailure };
}
