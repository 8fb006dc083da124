import { describe, expect, it, vi } from 'vitest';
import { CircuitOpenError, createCircuitBreaker } from '@/lib/circuit-breaker';

const TWO_MINUTES = 2 * 60 * 1000;

function setup(storageKey?: string) {
  let time = 1_000_000;
  const clock = {
    advance: (ms: number) => {
      time += ms;
    },
  };
  const breaker = createCircuitBreaker({ failureThreshold: 3, openMs: TWO_MINUTES, storageKey, now: () => time });
  return { breaker, clock, now: () => time };
}

const fail = () => Promise.reject(new Error('503'));
const succeed = () => Promise.resolve('ok');

async function failTimes(breaker: ReturnType<typeof setup>['breaker'], times: number) {
  for (let i = 0; i < times; i += 1) await expect(breaker.run(fail)).rejects.toThrow('503');
}

describe('createCircuitBreaker', () => {
  it('opens after 3 consecutive failures and then makes no calls', async () => {
    const { breaker } = setup();
    await failTimes(breaker, 2);
    expect(breaker.state()).toBe('closed');
    await failTimes(breaker, 1);
    expect(breaker.state()).toBe('open');

    const call = vi.fn(succeed);
    await expect(breaker.run(call)).rejects.toBeInstanceOf(CircuitOpenError);
    expect(call).not.toHaveBeenCalled();
  });

  it('counts consecutive failures only: a success starts the count again', async () => {
    const { breaker } = setup();
    await failTimes(breaker, 2);
    await expect(breaker.run(succeed)).resolves.toBe('ok');
    await failTimes(breaker, 2);
    expect(breaker.state()).toBe('closed');
  });

  it('stays open for 2 minutes, then lets one trial call through (half-open)', async () => {
    const { breaker, clock } = setup();
    await failTimes(breaker, 3);
    clock.advance(TWO_MINUTES - 1);
    expect(breaker.state()).toBe('open');
    await expect(breaker.run(succeed)).rejects.toBeInstanceOf(CircuitOpenError);

    clock.advance(1);
    expect(breaker.state()).toBe('half-open');
    const call = vi.fn(succeed);
    await expect(breaker.run(call)).resolves.toBe('ok');
    expect(call).toHaveBeenCalledTimes(1);
    expect(breaker.state()).toBe('closed');
  });

  it('opens again for another 2 minutes when the trial call fails', async () => {
    const { breaker, clock } = setup();
    await failTimes(breaker, 3);
    clock.advance(TWO_MINUTES);
    await failTimes(breaker, 1);
    expect(breaker.state()).toBe('open');
    clock.advance(TWO_MINUTES - 1);
    expect(breaker.state()).toBe('open');
    clock.advance(1);
    expect(breaker.state()).toBe('half-open');
  });

  it('lets only one trial call through at a time', async () => {
    const { breaker, clock } = setup();
    await failTimes(breaker, 3);
    clock.advance(TWO_MINUTES);
    let finish: (value: string) => void = () => {};
    const trial = breaker.run(() => new Promise<string>((resolve) => (finish = resolve)));
    await expect(breaker.run(succeed)).rejects.toBeInstanceOf(CircuitOpenError);
    finish('ok');
    await expect(trial).resolves.toBe('ok');
    expect(breaker.state()).toBe('closed');
  });

  it('does not count a cancelled request as a failure', async () => {
    const { breaker } = setup();
    const abort = () => Promise.reject(new DOMException('aborted', 'AbortError'));
    for (let i = 0; i < 3; i += 1) await expect(breaker.run(abort)).rejects.toThrow('aborted');
    expect(breaker.state()).toBe('closed');
  });

  it('keeps its state in sessionStorage, so a reloaded page stays blocked', async () => {
    const first = setup('test.circuit');
    await failTimes(first.breaker, 3);
    const reloaded = createCircuitBreaker({
      failureThreshold: 3,
      openMs: TWO_MINUTES,
      storageKey: 'test.circuit',
      now: first.now,
    });
    expect(reloaded.state()).toBe('open');
    first.clock.advance(TWO_MINUTES);
    expect(reloaded.state()).toBe('half-open');
  });
});
