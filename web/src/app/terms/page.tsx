import type { Metadata } from 'next';
import { ProseLink, ProsePage, ProseSection } from '@/components/layout/prose-page';
import { SUPPORT_EMAIL } from '@/lib/shop-info';

export const metadata: Metadata = {
  title: 'Terms of Service',
  description:
    'The terms that apply when you shop on bazaar, the South African marketplace for branded gear and sportswear.',
};

export default function TermsPage() {
  return (
    <ProsePage
      title="Terms of service"
      lead="These terms apply when you use bazaar and buy from the stores on it. By placing an order you agree to them."
    >
      <ProseSection title="About bazaar">
        <p>
          bazaar is an online marketplace. Products are sold by independent South African stores
          (vendors); the seller of each product is shown on its product page. bazaar runs the
          platform, takes payment on the sellers’ behalf and handles customer support.
        </p>
      </ProseSection>
      <ProseSection title="Prices and payment">
        <ul>
          <li>Prices are in South African rand (ZAR) and include VAT.</li>
          <li>Shipping costs are shown at checkout before you pay.</li>
          <li>Payments are processed by PayFast. An order is confirmed once payment succeeds.</li>
          <li>
            If a product is listed at an obviously wrong price, or turns out to be out of stock, we
            may cancel the order and refund you in full.
          </li>
        </ul>
      </ProseSection>
      <ProseSection title="Delivery and returns">
        <p>
          Delivery is covered by our <ProseLink href="/delivery-policy/">delivery policy</ProseLink>{' '}
          and returns by our <ProseLink href="/returns/">returns policy</ProseLink>. Nothing in these
          terms limits your rights under the Consumer Protection Act, 68 of 2008, or the Electronic
          Communications and Transactions Act, 25 of 2002.
        </p>
      </ProseSection>
      <ProseSection title="Using the site">
        <ul>
          <li>Keep your account details accurate and your password private.</li>
          <li>Do not misuse the site, interfere with its operation or use it for unlawful purposes.</li>
          <li>Product content and images belong to bazaar or the stores and may not be copied without permission.</li>
        </ul>
      </ProseSection>
      <ProseSection title="Your personal information">
        <p>
          How we handle your information is described in our{' '}
          <ProseLink href="/privacy/">privacy policy</ProseLink>.
        </p>
      </ProseSection>
      <ProseSection title="Changes and governing law">
        <p>
          We may update these terms; the version on this page when you place an order applies to
          that order. These terms are governed by the laws of the Republic of South Africa.
        </p>
      </ProseSection>
      <ProseSection title="Contact">
        <p>
          Questions about these terms: <ProseLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ProseLink>.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
