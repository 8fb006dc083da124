import type { Metadata } from 'next';
import { ProseLink, ProsePage, ProseSection } from '@/components/layout/prose-page';
import { DELIVERY_TIME, FIRST_ORDER_PROMO, FREE_SHIPPING_OVER } from '@/lib/shop-info';

export const metadata: Metadata = {
  title: 'Welcome',
  description:
    'Welcome to bazaar: branded gear and sportswear from South African stores, priced in rand with VAT included.',
};

export default function WelcomePage() {
  return (
    <ProsePage
      title="Welcome to bazaar"
      lead="Branded gear and sportswear from South African stores, all in one place. Every price is in rand and already includes VAT."
    >
      <ProseSection title="Why shop with us">
        <ul>
          <li>
            <strong>Local sellers:</strong> every store on bazaar is a South African business.
          </li>
          <li>
            <strong>No surprises:</strong> the price you see includes VAT.
          </li>
          <li>
            <strong>Free shipping over {FREE_SHIPPING_OVER}</strong>, with delivery in {DELIVERY_TIME}.
          </li>
          <li>
            <strong>Secure payments</strong> through PayFast.
          </li>
        </ul>
      </ProseSection>
      <ProseSection title="New here?">
        <p>
          Get <strong>{FIRST_ORDER_PROMO}</strong>. Start with the{' '}
          <ProseLink href="/">featured products on the home page</ProseLink>, or read{' '}
          <ProseLink href="/about/">more about bazaar</ProseLink>.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
