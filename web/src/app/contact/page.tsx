import type { Metadata } from 'next';
import { ProseLink, ProsePage, ProseSection } from '@/components/layout/prose-page';
import { BUSINESS_HOURS, SUPPORT_EMAIL } from '@/lib/shop-info';
import { ContactForm } from '@/features/tickets/components/contact-form';

export const metadata: Metadata = {
  title: 'Contact Us',
  description: `Contact bazaar customer support at ${SUPPORT_EMAIL}. Our business hours and what to include in your message.`,
};

export default function ContactPage() {
  return (
    <ProsePage
      title="Contact us"
      lead="Our support team is happy to help with orders, deliveries, returns and anything else about shopping on bazaar."
    >
      <ProseSection title="Send us a message">
        <p>Your message becomes a support ticket with its own reference, so you can follow it up.</p>
        <ContactForm />
      </ProseSection>
      <ProseSection title="Email">
        <p>
          Write to us at <ProseLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ProseLink>. We
          reply within one business day.
        </p>
        <p>
          To help us help you quickly, include your order number (if you have one), the product
          name and, for damaged items, a photo.
        </p>
      </ProseSection>
      <ProseSection title="Business hours">
        <p>South African Standard Time (SAST):</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5">
          {BUSINESS_HOURS.map((row) => (
            <div key={row.days} className="contents">
              <dt className="font-medium text-neutral-900">{row.days}</dt>
              <dd>{row.hours}</dd>
            </div>
          ))}
        </dl>
        <p>Messages sent outside these hours are answered on the next business day.</p>
      </ProseSection>
      <ProseSection title="Before you write">
        <p>
          Many questions are answered in our <ProseLink href="/faq/">FAQ</ProseLink>, the{' '}
          <ProseLink href="/delivery-policy/">delivery policy</ProseLink> and the{' '}
          <ProseLink href="/returns/">returns policy</ProseLink>.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
