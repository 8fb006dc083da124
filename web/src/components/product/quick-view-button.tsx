'use client';

import { useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { Eye } from 'lucide-react';
import type { ProductSummary } from '@/lib/catalogue-types';
import type { CurrencyFormat } from '@/lib/money';

const loadQuickView = () => import('@/features/products/components/quick-view-dialog');

// The dialog (Radix, the product query, cart actions) is loaded on first open, so cards stay
// light and the home page's first load does not carry it.
const QuickViewDialog = dynamic(() => loadQuickView().then((m) => m.QuickViewDialog), { ssr: false });

/** The card's "Quick view" button; it opens the product's essentials in a dialog. */
export function QuickViewButton({ product, currency }: { product: ProductSummary; currency: CurrencyFormat }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-label={`Quick view ${product.name}`}
        // Fetch the dialog's code while the pointer or focus is on its way to a click.
        onPointerEnter={() => void loadQuickView()}
        onFocus={() => void loadQuickView()}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        data-testid="quick-view-button"
        className="inline-flex size-9 items-center justify-center rounded-full border border-neutral-200 bg-white/90 text-neutral-700 shadow-sm hover:bg-white hover:text-brand-700"
      >
        <Eye aria-hidden="true" className="size-5" />
      </button>
      {loaded ? <QuickViewDialog open={open} onOpenChange={setOpen} product={product} currency={currency} returnFocusTo={button} /> : null}
    </>
  );
}
