import type {
  AdminHelpArticle,
  AdminHelpArticleRow,
  AdminHelpCategory,
} from '@/features/help/api/admin-help';
import type { HelpArticleDetail, HelpCategory, HelpIndex, HelpSearchResult } from '@/features/help/api/help';

/** The help centre shaped as the API has it (GET /help, /help/search, /help/articles/{slug}, /admin/help/…). */

export const HELP_CATEGORY_ID = '0190f200-0000-7000-8000-00000000c001';
export const OTHER_HELP_CATEGORY_ID = '0190f200-0000-7000-8000-00000000c002';
export const HELP_ARTICLE_ID = '0190f200-0000-7000-8000-00000000a001';
export const OTHER_HELP_ARTICLE_ID = '0190f200-0000-7000-8000-00000000a002';

export function helpCategory(overrides: Partial<HelpCategory> = {}): HelpCategory {
  return {
    id: HELP_CATEGORY_ID,
    name: 'Orders & delivery',
    slug: 'orders-delivery',
    description: 'Tracking, delivery times and missing parcels.',
    articles: [
      { title: 'Tracking your order', slug: 'tracking-your-order', summary: 'Where your parcel is, and when it arrives.' },
      { title: 'Missing parcels', slug: 'missing-parcels', summary: 'What to do when a parcel does not arrive.' },
    ],
    ...overrides,
  };
}

export function helpIndex(categories: HelpCategory[] = [
  helpCategory(),
  helpCategory({
    id: OTHER_HELP_CATEGORY_ID,
    name: 'Payments',
    slug: 'payments',
    description: 'Cards, EFT and PayFast.',
    articles: [{ title: 'Paying with PayFast', slug: 'paying-with-payfast', summary: 'Cards and instant EFT through PayFast.' }],
  }),
]): HelpIndex {
  return { categories };
}

export function helpSearchResult(overrides: Partial<HelpSearchResult> = {}): HelpSearchResult {
  return {
    title: 'Paying with PayFast',
    slug: 'paying-with-payfast',
    summary: 'Cards and instant EFT through PayFast.',
    category: { name: 'Payments', slug: 'payments' },
    ...overrides,
  };
}

export function helpArticleDetail(
  article: Partial<HelpArticleDetail['article']> = {},
  related: HelpArticleDetail['related'] = [
    { title: 'Missing parcels', slug: 'missing-parcels', summary: 'What to do when a parcel does not arrive.' },
  ],
): HelpArticleDetail {
  return {
    article: {
      id: HELP_ARTICLE_ID,
      title: 'Tracking your order',
      slug: 'tracking-your-order',
      summary: 'Where your parcel is, and when it arrives.',
      category: { name: 'Orders & delivery', slug: 'orders-delivery' },
      html: '<h2>Where to look</h2>\n<p>Open <strong>Profile › Orders</strong>. See <a href="https://tracking.example/" rel="nofollow noopener noreferrer">the courier</a>.</p>\n',
      updated_at: '2026-11-20T08:00:00Z',
      helpful_yes: 12,
      helpful_no: 2,
      ...article,
    },
    related,
  };
}

export function adminHelpCategory(overrides: Partial<AdminHelpCategory> = {}): AdminHelpCategory {
  return {
    id: HELP_CATEGORY_ID,
    name: 'Orders & delivery',
    slug: 'orders-delivery',
    description: 'Tracking, delivery times and missing parcels.',
    position: 0,
    articles: 2,
    ...overrides,
  };
}

export function adminHelpCategories(): { categories: AdminHelpCategory[] } {
  return {
    categories: [
      adminHelpCategory(),
      adminHelpCategory({
        id: OTHER_HELP_CATEGORY_ID,
        name: 'Payments',
        slug: 'payments',
        description: 'Cards, EFT and PayFast.',
        position: 1,
        articles: 0,
      }),
    ],
  };
}

export function adminHelpArticleRow(overrides: Partial<AdminHelpArticleRow> = {}): AdminHelpArticleRow {
  return {
    id: HELP_ARTICLE_ID,
    title: 'Tracking your order',
    slug: 'tracking-your-order',
    summary: 'Where your parcel is, and when it arrives.',
    category_id: HELP_CATEGORY_ID,
    category_name: 'Orders & delivery',
    published: true,
    position: 0,
    helpful_yes: 12,
    helpful_no: 2,
    updated_at: '2026-11-20T08:00:00Z',
    ...overrides,
  };
}

export function adminHelpArticle(overrides: Partial<AdminHelpArticle> = {}): AdminHelpArticle {
  return {
    ...adminHelpArticleRow(),
    body: '## Where to look\n\nOpen **Profile › Orders**.',
    html: '<h2>Where to look</h2>\n<p>Open <strong>Profile › Orders</strong>.</p>\n',
    ...overrides,
  };
}
