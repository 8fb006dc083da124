import type { ConsentCategory } from '@/features/consent/lib/consent';
import { TOOL_CATEGORY, type ToolName } from '@/features/consent/lib/tools';

/** The names visitors know the tools by. */
export const TOOL_LABELS: Record<ToolName, string> = {
  ga4: 'Google Analytics',
  hotjar: 'Hotjar',
  google_ads: 'Google Ads',
  meta_pixel: 'Meta Pixel',
};

/** What the banner and the dialog say about each category, in plain words (POPIA's openness). */
export const CATEGORY_WORDS: Record<ConsentCategory | 'necessary', { title: string; purpose: string }> = {
  necessary: {
    title: 'Necessary',
    purpose:
      'Keeps the shop working: your cart, signing in, your theme and this choice. It stays on this device and is not shared for advertising.',
  },
  analytics: {
    title: 'Analytics',
    purpose:
      'Which pages you visit, what you click, and your device and browser, so we can see how the shop is used and make it better.',
  },
  marketing: {
    title: 'Marketing',
    purpose: 'Whether you came from one of our ads and what you then bought, so we can measure and improve our advertising.',
  },
};

/** "Google Analytics and Hotjar": the tools of a category that are on, as a phrase. */
export function toolPhrase(tools: readonly ToolName[], category: ConsentCategory): string {
  const labels = tools.filter((tool) => TOOL_CATEGORY[tool] === category).map((tool) => TOOL_LABELS[tool]);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}
