import type { Metadata } from 'next';
import { ProseLink, ProsePage, ProseSection } from '@/components/layout/prose-page';
import { SUPPORT_EMAIL } from '@/lib/shop-info';

export const metadata: Metadata = {
  title: 'Register as Vendor',
  description:
    'Sell your branded gear and sportswear on bazaar. How to become a vendor on the South African marketplace.',
};

export default function SellerSignupPage() {
  return (
    <ProsePage
      title="Sell on bazaar"
      lead="Reach shoppers across South Africa with your own store on bazaar."
    >
      <ProseSection title="Why sell with us">
        <ul>
          <li>Your own store page listing all your products under your brand.</li>
          <li>Your products shown alongside other trusted South African stores.</li>
          <li>Secure payments processed by PayFast.</li>
        </ul>
      </ProseSection>
      <ProseSection title="Who can apply">
        <ul>
          <li>Businesses registered in South Africa selling branded gear or sportswear.</li>
          <li>Sellers of genuine products who can dispatch orders promptly and honour our delivery and returns policies.</li>
          <li>VAT-registered vendors must show prices including VAT.</li>
        </ul>
      </ProseSection>
      <ProseSection title="How it works">
        <ol>
          <li>Apply with your business details and the products you sell.</li>
          <li>We review your application and get back to you.</li>
          <li>Once approved, you set up your store and list your products.</li>
        </ol>
      </ProseSection>
      <ProseSection title="Applications">
        <p>
          Online vendor applications open soon. In the meantime, email{' '}
          <ProseLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ProseLink> with your business
          name and what you sell, and we will be in touch.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
