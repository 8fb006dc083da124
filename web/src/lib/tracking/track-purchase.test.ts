import { describe, expect, it, vi } from 'vitest';

/** The module and the conversions it sends, afresh (as after a page load). */
async function freshModules() {
  vi.resetModules();
  const conversions = await import('@/lib/tracking/conversions');
  const purchase = await import('@/lib/tracking/track-purchase');
  return { ...conversions, ...purchase };
}

const PURCHASE = { type: 'purchase', order_number: 'BZ-2026000042', value_cents: 186_400 } as const;

describe('trackPurchase', () => {
  it('sends each order’s purchase once per tab session', async () => {
    const conversions = await freshModules();
    const sink = vi.fn();
    conversions.setConversionSink(sink);
    conversions.trackPurchase('BZ-2026000042', 186_400);
    conversions.trackPurchase('BZ-2026000042', 186_400);
    conversions.trackPurchase('BZ-2026000043', 5_000);
    expect(sink.mock.calls).toEqual([
      [PURCHASE],
      [{ type: 'purchase', order_number: 'BZ-2026000043', value_cents: 5_000 }],
    ]);
    expect(JSON.parse(window.sessionStorage.getItem(conversions.SENT_PURCHASES_KEY)!)).toEqual([
      'BZ-2026000042',
      'BZ-2026000043',
    ]);

    // A reload of the success page starts the module afresh; the tab's session remembers.
    const reloaded = await freshModules();
    const after = vi.fn();
    reloaded.setConversionSink(after);
    reloaded.trackPurchase('BZ-2026000042', 186_400);
    expect(after).not.toHaveBeenCalled();
  });
});
