import type { Metadata } from 'next';
import { ProseLink, ProsePage, ProseSection } from '@/components/layout/prose-page';
import { RETURN_WINDOW, SUPPORT_EMAIL } from '@/lib/shop-info';

export const metadata: Metadata = {
  title: 'Returns Policy',
  description: `Return a wrong or damaged item within ${RETURN_WINDOW} of delivery. How returns, refunds and replacements work on bazaar.`,
};

export default function ReturnsPage() {
  return (
    <ProsePage
      title="Returns policy"
      lead={`If you received the wrong item or it arrived damaged, you can return it within ${RETURN_WINDOW} of delivery.`}
    >
      <ProseSection title="What can be returned">
        <p>
          Returns are accepted within <strong>{RETURN_WINDOW}</strong> of delivery for{' '}
          <strong>wrong or damaged items only</strong>:
        </p>
        <ul>
          <li>you received a different product, size or colour from the one you ordered, or</li>
          <li>the item arrived damaged or defective.</li>
        </ul>
        <p>
          We cannot accept returns of items that are correct and undamaged, for example because of a
          change of mind.
        </p>
      </ProseSection>
      <ProseSection title="How to return an item">
        <ol>
          <li>
            Email <ProseLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ProseLink> within{' '}
            {RETURN_WINDOW} of delivery with your order number, the item and what is wrong. For
            damaged items, please include photos.
          </li>
          <li>We confirm the return and tell you how to send the item back.</li>
          <li>
            Return the item unused, with its tags and original packaging where possible. We cover the
            cost of returning wrong or damaged items.
          </li>
        </ol>
      </ProseSection>
      <ProseSection title="Refunds and replacements">
        <p>
          Once the returned item has been received and checked, we send a replacement or refund the
          item’s price, including any shipping you paid for it. Refunds go back to the original
          payment method through PayFast; how soon it reflects depends on your bank.
        </p>
      </ProseSection>
      <ProseSection title="Your rights">
        <p>
          This policy does not limit your rights under the Consumer Protection Act, 68 of 2008,
          including your right to return defective goods within six months of delivery for a repair,
          replacement or refund.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
