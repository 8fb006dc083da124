import type { Metadata } from 'next';
import { ProseLink, ProsePage, ProseSection } from '@/components/layout/prose-page';
import { DELIVERY_TIME, FREE_SHIPPING_OVER, STANDARD_SHIPPING, SUPPORT_EMAIL } from '@/lib/shop-info';

export const metadata: Metadata = {
  title: 'Delivery Policy',
  description: `Standard shipping is ${STANDARD_SHIPPING}, free on orders over ${FREE_SHIPPING_OVER}. Delivery in ${DELIVERY_TIME} anywhere in South Africa.`,
};

export default function DeliveryPolicyPage() {
  return (
    <ProsePage
      title="Delivery policy"
      lead={`We deliver anywhere in South Africa, usually in ${DELIVERY_TIME}.`}
    >
      <ProseSection title="Shipping costs">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg border border-neutral-200 bg-white p-4">
            <dt className="text-sm text-neutral-600">Standard shipping</dt>
            <dd className="mt-1 text-2xl font-semibold text-neutral-900">{STANDARD_SHIPPING}</dd>
          </div>
          <div className="rounded-lg border border-brand-100 bg-brand-50 p-4">
            <dt className="text-sm text-neutral-600">Orders over {FREE_SHIPPING_OVER}</dt>
            <dd className="mt-1 text-2xl font-semibold text-brand-700">Free</dd>
          </div>
        </dl>
        <p>Shipping costs include VAT and are shown at checkout before you pay.</p>
      </ProseSection>
      <ProseSection title="Delivery times">
        <p>
          Standard delivery takes <strong>{DELIVERY_TIME}</strong>. Business days are Monday to
          Friday, excluding South African public holidays. Products are sent by the store that sells
          them, so an order with items from several stores can arrive in more than one parcel.
        </p>
        <p>Deliveries to outlying and rural areas can take a little longer.</p>
      </ProseSection>
      <ProseSection title="Where we deliver">
        <p>
          We deliver to street addresses in South Africa. We do not deliver outside South Africa at
          the moment.
        </p>
      </ProseSection>
      <ProseSection title="Receiving your order">
        <p>
          Please check your parcel when it arrives. If an item is wrong or damaged, see our{' '}
          <ProseLink href="/returns/">returns policy</ProseLink>. For late or missing deliveries,
          email <ProseLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ProseLink> with your
          order number.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
