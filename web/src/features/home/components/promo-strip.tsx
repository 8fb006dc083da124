'use client';

import { useState } from 'react';
import { BadgePercent, Pause, Play, ShieldCheck, Tag, Truck } from 'lucide-react';
import { FIRST_ORDER_PROMO, FREE_SHIPPING_OVER } from '@/lib/shop-info';
import { cn } from '@/lib/cn';
import styles from '@/features/home/components/promo-strip.module.css';

const PROMOS = [
  { icon: BadgePercent, text: FIRST_ORDER_PROMO },
  { icon: Truck, text: `Free delivery on orders over ${FREE_SHIPPING_OVER}` },
  { icon: Tag, text: 'New daily deals every day' },
  { icon: ShieldCheck, text: 'Secure payments with PayFast' },
] as const;

function PromoList({ copy = false }: { copy?: boolean }) {
  return (
    <ul className={cn('flex shrink-0 items-center gap-x-10 gap-y-1 px-5', copy && styles.copy)} aria-hidden={copy || undefined}>
      {PROMOS.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-2 whitespace-nowrap">
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {text}
        </li>
      ))}
    </ul>
  );
}

/**
 * The scrolling promo strip (SPEC §2, §9: 10% off the first order). It stops while hovered or
 * focused and with its pause button, and stands still for visitors who prefer reduced motion.
 */
export function PromoStrip() {
  const [paused, setPaused] = useState(false);
  return (
    <section
      aria-label="Promotions"
      className={cn('relative flex items-center overflow-hidden rounded-lg bg-neutral-900 text-sm font-medium text-white', styles.strip)}
    >
      <div className="min-w-0 flex-1 overflow-hidden py-2.5">
        <div className={styles.track} data-paused={paused}>
          <PromoList />
          <PromoList copy />
        </div>
      </div>
      <button
        type="button"
        onClick={() => setPaused((value) => !value)}
        aria-label={paused ? 'Play promotions' : 'Pause promotions'}
        className={cn('flex size-10 shrink-0 items-center justify-center border-l border-white/20 hover:bg-white/10', styles.toggle)}
      >
        {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
      </button>
    </section>
  );
}
