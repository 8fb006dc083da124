import type { Metadata } from 'next';
import { DisclosureList, ProseLink, ProsePage } from '@/components/layout/prose-page';
import {
  DELIVERY_TIME,
  FREE_SHIPPING_OVER,
  RETURN_WINDOW,
  STANDARD_SHIPPING,
  SUPPORT_EMAIL,
} from '@/lib/shop-info';

export const metadata: Metadata = {
  title: 'Frequently Asked Questions',
  description:
    'Answers about prices, VAT, payments with PayFast, delivery costs and times, returns and selling on bazaar.',
};

const QUESTIONS = [
  {
    question: 'Do your prices include VAT?',
    answer: <p>Yes. All prices are in South African rand (R) and include VAT.</p>,
  },
  {
    question: 'How do I pay?',
    answer: (
      <p>
        Payments are processed securely by PayFast, which accepts credit and debit cards, instant EFT
        and other methods it offers at checkout. bazaar never sees or stores your card details.
      </p>
    ),
  },
  {
    question: 'How much does delivery cost?',
    answer: (
      <p>
        Standard shipping is {STANDARD_SHIPPING} per order, and free on orders over{' '}
        {FREE_SHIPPING_OVER}. See the <ProseLink href="/delivery-policy/">delivery policy</ProseLink>.
      </p>
    ),
  },
  {
    question: 'How long does delivery take?',
    answer: <p>Orders usually arrive in {DELIVERY_TIME} after they are dispatched.</p>,
  },
  {
    question: 'Do you deliver outside South Africa?',
    answer: <p>Not at the moment. We deliver to addresses in South Africa only.</p>,
  },
  {
    question: 'Can I return an item?',
    answer: (
      <p>
        You can return an item within {RETURN_WINDOW} of delivery if it is the wrong item or arrived
        damaged. See the <ProseLink href="/returns/">returns policy</ProseLink>.
      </p>
    ),
  },
  {
    question: 'Who sells the products on bazaar?',
    answer: (
      <p>
        Independent South African stores. Each product page names its seller, and you can open the
        seller’s store page to see everything they sell.
      </p>
    ),
  },
  {
    question: 'Are the products genuine?',
    answer: (
      <p>
        Sellers must only list genuine branded goods. If you believe an item is not genuine, contact
        us and we will investigate with the seller.
      </p>
    ),
  },
  {
    question: 'How do I become a seller?',
    answer: (
      <p>
        Read <ProseLink href="/seller-signup/">how to sell on bazaar</ProseLink>.
      </p>
    ),
  },
  {
    question: 'How do I contact support?',
    answer: (
      <p>
        Email <ProseLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ProseLink> or see our{' '}
        <ProseLink href="/contact/">contact page</ProseLink> for business hours.
      </p>
    ),
  },
];

export default function FaqPage() {
  return (
    <ProsePage
      title="Frequently asked questions"
      lead="Quick answers to what shoppers ask us most. Select a question to see its answer."
    >
      <DisclosureList items={QUESTIONS} />
    </ProsePage>
  );
}
