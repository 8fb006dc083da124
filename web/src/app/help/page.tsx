import type { Metadata } from 'next';
import { ProsePage } from '@/components/layout/prose-page';
import { HelpCentre } from '@/features/help/components/help-centre';
import { HelpTopics } from '@/features/help/components/help-topics';

export const metadata: Metadata = {
  title: 'Help Centre',
  description: 'Help with shopping on bazaar: search the help articles, frequently asked questions, delivery, returns and contacting support.',
};

export default function HelpPage() {
  return (
    <ProsePage title="Help centre" lead="Search the help articles, or choose a topic to find what you need.">
      <HelpCentre />
      <HelpTopics />
    </ProsePage>
  );
}
