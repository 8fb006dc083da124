import type { Metadata } from 'next';
import { HelpArticlePage } from '@/features/help/components/help-article-page';

// Exported once as /help/article/_/; `bazaar serve` answers every /help/article/{slug}/ from that
// shell and the page reads the slug from the location.
export const dynamicParams = false;

export function generateStaticParams(): { slug: string }[] {
  return [{ slug: '_' }];
}

export const metadata: Metadata = { title: 'Help article' };

export default function HelpArticleRoute() {
  return <HelpArticlePage />;
}
