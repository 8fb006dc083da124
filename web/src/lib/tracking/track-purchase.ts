import { trackConversion } from '@/lib/tracking/conversions';

/** sessionStorage: the order numbers whose purchase this tab has sent. */
export const SENT_PURCHASES_KEY = 'bazaar.tracking.purchases';
const MAX_SENT_PURCHASES = 50;
/** The same, for when sessionStorage is blocked. */
const sentInMemory = new Set<string>();

/**
 * A paid order's purchase, sent once: the success page may be shown again (a reload, the back
 * button), and each showing must not count another sale.
 */
export function trackPurchase(orderNumber: string, valueCents: number): void {
  let sent: string[] = [];
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(SENT_PURCHASES_KEY) ?? '[]');
    if (Array.isArray(parsed)) sent = parsed.filter((entry): entry is string => typeof entry === 'string');
    if (sent.includes(orderNumber)) return;
    window.sessionStorage.setItem(SENT_PURCHASES_KEY, JSON.stringify([...sent, orderNumber].slice(-MAX_SENT_PURCHASES)));
  } catch {
    // Storage blocked: sent once for as long as this page knows.
    if (sentInMemory.has(orderNumber)) return;
  }
  sentInMemory.add(orderNumber);
  trackConversion({ type: 'purchase', order_number: orderNumber, value_cents: valueCents });
}
