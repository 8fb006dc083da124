import type { Metadata } from 'next';
import { ProseLink, ProsePage, ProseSection } from '@/components/layout/prose-page';

export const metadata: Metadata = {
  title: 'About Us',
  description:
    'bazaar is a South African multi-vendor marketplace for branded gear and sportswear from local stores.',
};

export default function AboutPage() {
  return (
    <ProsePage
      title="About bazaar"
      lead="bazaar is a South African online marketplace where independent stores sell branded gear and sportswear side by side."
    >
      <ProseSection title="What we do">
        <p>
          We bring local sellers together in one shop, so you can compare products, prices and stores
          without hopping between web sites. Each product page shows who sells it, and every store
          has its own page with its full range.
        </p>
        <p>
          Prices are shown in South African rand and include VAT. Payments are processed securely by
          PayFast, and orders are delivered anywhere in South Africa.
        </p>
      </ProseSection>
      <ProseSection title="For shoppers">
        <p>
          We keep the rules simple: clear prices, clear delivery times and a fair returns policy. See
          our <ProseLink href="/delivery-policy/">delivery policy</ProseLink> and{' '}
          <ProseLink href="/returns/">returns policy</ProseLink> for the details.
        </p>
      </ProseSection>
      <ProseSection title="For sellers">
        <p>
          Run a store selling branded gear or sportswear? Find out how to{' '}
          <ProseLink href="/seller-signup/">sell on bazaar</ProseLink>.
        </p>
      </ProseSection>
      <ProseSection title="Get in touch">
        <p>
          Questions, feedback or partnership ideas: <ProseLink href="/contact/">contact us</ProseLink>.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
