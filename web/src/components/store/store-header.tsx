import { Truck } from 'lucide-react';
import type { Store } from '@/features/stores/api/store-types';
import { deliveryLabel } from '@/lib/delivery';

/** The store's logo, name, description and delivery promise. */
export function StoreHeader({ store }: { store: Store }) {
  const delivery = deliveryLabel(store.estimated_delivery);
  const description = store.store_description.trim();
  return (
    <header className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-5 sm:flex-row sm:items-center sm:gap-6 sm:p-8">
      <StoreLogo store={store} />
      <div className="flex min-w-0 flex-col gap-2">
        <h1 data-testid="store-name" className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">
          {store.store_name}
        </h1>
        {description ? (
          <p data-testid="store-description" className="max-w-3xl whitespace-pre-line leading-relaxed text-neutral-700">
            {description}
          </p>
        ) : null}
        {delivery ? (
          <p data-testid="store-delivery" className="flex items-center gap-2 text-sm text-neutral-700">
            <Truck aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
            <span>{delivery}</span>
          </p>
        ) : null}
      </div>
    </header>
  );
}

function StoreLogo({ store }: { store: Store }) {
  const frame =
    'flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-neutral-200 bg-neutral-50 sm:size-24';
  if (!store.store_logo_url) {
    // No logo: the store's initial, decorative (the name is right next to it).
    return (
      <div aria-hidden="true" className={`${frame} text-3xl font-bold text-brand-700`}>
        {store.store_name.trim().charAt(0).toUpperCase()}
      </div>
    );
  }
  return (
    <div className={frame}>
      {/* Static export: images are served as they are (images.unoptimized). */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={store.store_logo_url}
        alt={`${store.store_name} logo`}
        width={96}
        height={96}
        decoding="async"
        className="size-full object-contain p-2"
      />
    </div>
  );
}
