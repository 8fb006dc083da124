import type { Metadata } from 'next';
import { ProseLink, ProsePage, ProseSection } from '@/components/layout/prose-page';
import { SUPPORT_EMAIL } from '@/lib/shop-info';

export const metadata: Metadata = {
  title: 'Privacy Policy',
  description:
    'How bazaar collects, uses and protects your personal information, in line with the Protection of Personal Information Act (POPIA).',
};

export default function PrivacyPage() {
  return (
    <ProsePage
      title="Privacy policy"
      lead="We respect your privacy and process your personal information in line with the Protection of Personal Information Act, 4 of 2013 (POPIA)."
    >
      <ProseSection title="What we collect">
        <ul>
          <li>Contact details: your name, email address, phone number and delivery address.</li>
          <li>Order details: what you buy, from which store, and your order history.</li>
          <li>
            Payment confirmations from PayFast. Card and bank details are entered on PayFast’s secure
            pages; we never see or store them.
          </li>
          <li>Technical information such as your browser, device and the pages you visit.</li>
        </ul>
      </ProseSection>
      <ProseSection title="How we use it">
        <ul>
          <li>To process, deliver and support your orders, including returns.</li>
          <li>To share the details a store needs to fulfil your order (your name and delivery address).</li>
          <li>To answer your questions and keep you informed about your orders.</li>
          <li>To keep the site secure, prevent fraud and improve the shop.</li>
          <li>To send marketing messages, only if you have agreed to receive them. You can opt out at any time.</li>
        </ul>
        <p>We do not sell your personal information.</p>
      </ProseSection>
      <ProseSection title="Sharing and storage">
        <p>
          We share personal information only with the stores you buy from, our payment provider
          PayFast, delivery partners and service providers who process it for us under contract, or
          where the law requires it. We keep it only as long as needed for these purposes or as the
          law requires, and protect it with reasonable technical and organisational measures.
        </p>
      </ProseSection>
      <ProseSection title="Your rights">
        <p>Under POPIA you may:</p>
        <ul>
          <li>ask what personal information we hold about you and request a copy;</li>
          <li>ask us to correct or delete your information;</li>
          <li>object to processing, including for direct marketing; and</li>
          <li>lodge a complaint with the Information Regulator of South Africa.</li>
        </ul>
        <p>
          To exercise these rights, email <ProseLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ProseLink>.
        </p>
      </ProseSection>
      <ProseSection title="Cookies">
        <p>
          We use cookies and similar browser storage in three groups. Necessary ones keep the site
          working (your session, your cart, your theme and your cookie choice) and need no consent; our
          own count of page visits is kept on our servers and shared with no one.
        </p>
        <p>
          Analytics cookies (Google Analytics, Hotjar) and marketing cookies (Google Ads, the Meta
          Pixel) are used only when the store has switched those tools on and only after you accept that
          group in the cookie banner. Until then your browser loads nothing from them. You can change
          your choice at any time with “Cookie settings” at the foot of every page; withdrawing it
          removes their cookies from this site.
        </p>
      </ProseSection>
      <ProseSection title="Changes">
        <p>
          We may update this policy from time to time; the version on this page applies. See also our{' '}
          <ProseLink href="/terms/">terms of service</ProseLink>.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
