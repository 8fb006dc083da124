import { beforeEach, describe, expect, it, vi } from 'vitest';

async function freshModule() {
  vi.resetModules();
  return import('@/lib/tracking/conversions');
}

const SIGN_UP = { type: 'sign_up' } as const;
const PURCHASE = { type: 'purchase', order_number: 'BZ-2026000042', value_cents: 186_400 } as const;

describe('trackConversion', () => {
  let conversions: Awaited<ReturnType<typeof freshModule>>;
  beforeEach(async () => {
    conversions = await freshModule();
  });

  it('holds conversions until it is known where they go, then sends them there first', () => {
    const sink = vi.fn();
    conversions.trackConversion(SIGN_UP);
    conversions.setConversionSink(sink);
    expect(sink.mock.calls).toEqual([[SIGN_UP]]);
    conversions.trackConversion(PURCHASE);
    expect(sink.mock.calls).toEqual([[SIGN_UP], [PURCHASE]]);
  });

  it('holds again while the tools change, and sends nothing twice', () => {
    const first = vi.fn();
    const second = vi.fn();
    conversions.setConversionSink(first);
    conversions.setConversionSink(null);
    conversions.trackConversion(SIGN_UP);
    expect(first).not.toHaveBeenCalled();
    conversions.setConversionSink(second);
    conversions.setConversionSink(first);
    expect(second.mock.calls).toEqual([[SIGN_UP]]);
    expect(first).not.toHaveBeenCalled();
  });

  it('holds at most 20', () => {
    for (let i = 0; i < 25; i += 1) conversions.trackConversion(SIGN_UP);
    const sink = vi.fn();
    conversions.setConversionSink(sink);
    expect(sink).toHaveBeenCalledTimes(20);
  });

  it('never lets a tool’s failure reach the page', () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    conversions.setConversionSink(() => {
      throw new Error('fbq is not a function');
    });
    expect(() => conversions.trackConversion(SIGN_UP)).not.toThrow();
  });
});
