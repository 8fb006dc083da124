import type { Metadata } from 'next';
import Link from 'next/link';
import { ProseLink, ProsePage, ProseSection } from '@/components/layout/prose-page';
import { SUPPORT_EMAIL } from '@/lib/shop-info';
import { SellerSignupTerms } from '@/features/vendor/components/seller-signup-terms';

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
      <ProseSection title="Terms">
        <p>What you pay when you sell, under the current vendor agreement:</p>
        <SellerSignupTerms />
      </ProseSection>
      <section
        aria-labelledby="apply-heading"
        className="flex flex-col items-start gap-4 rounded-xl border border-brand-600/30 bg-brand-50 px-5 py-6 sm:px-6"
      >
        <h2 id="apply-heading" className="text-xl font-semibold tracking-tight text-neutral-900">
          Ready to open your store?
        </h2>
        <p className="text-base leading-7 text-neutral-700">
          Apply online in a few minutes: your store, your business details and the account we pay you into. Questions
          first? Email <ProseLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ProseLink>.
        </p>
        <Link
          href="/vendor/apply/"
          className="inline-flex h-11 items-center justify-center rounded-md bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Apply to sell
        </Link>
      </section>
    </ProsePage>
  );
}
