import { z } from 'zod';
import type {
  AdminHelpArticle,
  AdminHelpCategory,
  HelpArticleInput,
  HelpCategoryInput,
} from '@/features/help/api/admin-help';

/**
 * The help centre's forms, checked with the API's rules and messages before sending. The server
 * checks the same; its field errors (`error.fields`, keyed by the API's names, which are the
 * forms' own) land on the same inputs.
 */

export const HELP_LIMITS = {
  title: 150,
  slug: 100,
  summary: 300,
  body: 50_000,
  categoryName: 80,
  description: 300,
} as const;

export const HELP_MESSAGES = {
  title: 'Title is required',
  titleTooLong: `Title must be at most ${HELP_LIMITS.title} characters`,
  slug: 'Slug may only contain lowercase letters, digits and hyphens',
  slugTooLong: `Slug must be at most ${HELP_LIMITS.slug} characters`,
  summaryTooLong: `Summary must be at most ${HELP_LIMITS.summary} characters`,
  body: 'Article body is required',
  bodyTooLong: `Article body must be at most ${HELP_LIMITS.body} characters`,
  category: 'Choose a category',
  categoryName: 'Category name is required',
  categoryNameTooLong: `Category name must be at most ${HELP_LIMITS.categoryName} characters`,
  descriptionTooLong: `Description must be at most ${HELP_LIMITS.description} characters`,
  position: 'Position must be a whole number, 0 or more',
} as const;

/** Characters as the server counts them (not UTF-16 units). */
function chars(value: string): number {
  return Array.from(value).length;
}

const slugField = z
  .string()
  .trim()
  .refine((value) => /^[a-z0-9-]*$/.test(value), HELP_MESSAGES.slug)
  .refine((value) => value.length <= HELP_LIMITS.slug, HELP_MESSAGES.slugTooLong);

const positionField = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{1,9}$/.test(value) && Number.isSafeInteger(Number(value))), HELP_MESSAGES.position);

/**
 * A slug as the server makes one of a title or name when none is given (crates/domain text::slugify):
 * "Paying with PayFast" → "paying-with-payfast"; anything but ASCII letters and digits separates words.
 */
export function slugify(text: string): string {
  let out = '';
  for (const c of text.toLowerCase()) {
    if (/^[a-z0-9]$/.test(c)) out += c;
    else if (out !== '' && !out.endsWith('-')) out += '-';
  }
  return out.replace(/-+$/, '').slice(0, 120);
}

export const articleSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, HELP_MESSAGES.title)
    .refine((value) => chars(value) <= HELP_LIMITS.title, HELP_MESSAGES.titleTooLong),
  slug: slugField,
  category_id: z.string().min(1, HELP_MESSAGES.category),
  summary: z
    .string()
    .trim()
    .refine((value) => chars(value) <= HELP_LIMITS.summary, HELP_MESSAGES.summaryTooLong),
  body: z
    .string()
    .refine((value) => value.trim() !== '', HELP_MESSAGES.body)
    .refine((value) => chars(value) <= HELP_LIMITS.body, HELP_MESSAGES.bodyTooLong),
  published: z.boolean(),
  position: positionField,
});

export type ArticleFormInput = z.input<typeof articleSchema>;
export type ArticleFormValues = z.output<typeof articleSchema>;

/** The names the API gives the article's field errors under, in the form's order. */
export const ARTICLE_FIELDS = ['title', 'slug', 'category_id', 'summary', 'body', 'published', 'position'] as const;

export function articleFormValues(article: AdminHelpArticle | undefined, categoryId = ''): ArticleFormInput {
  return {
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    category_id: article?.category_id ?? categoryId,
    summary: article?.summary ?? '',
    body: article?.body ?? '',
    published: article?.published ?? false,
    position: article ? String(article.position) : '',
  };
}

/** What is sent: a blank slug or position is left out (the server derives the slug from the title). */
export function articleInput(values: ArticleFormValues): HelpArticleInput {
  return {
    title: values.title,
    ...(values.slug ? { slug: values.slug } : {}),
    category_id: values.category_id,
    summary: values.summary,
    body: values.body,
    published: values.published,
    ...(values.position ? { position: Number(values.position) } : {}),
  };
}

export const categorySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, HELP_MESSAGES.categoryName)
    .refine((value) => chars(value) <= HELP_LIMITS.categoryName, HELP_MESSAGES.categoryNameTooLong),
  slug: slugField,
  description: z
    .string()
    .trim()
    .refine((value) => chars(value) <= HELP_LIMITS.description, HELP_MESSAGES.descriptionTooLong),
  position: positionField,
});

export type CategoryFormInput = z.input<typeof categorySchema>;
export type CategoryFormValues = z.output<typeof categorySchema>;

export const CATEGORY_FIELDS = ['name', 'slug', 'description', 'position'] as const;

export function categoryFormValues(category: AdminHelpCategory | undefined, position?: number): CategoryFormInput {
  return {
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    position: category ? String(category.position) : position === undefined ? '' : String(position),
  };
}

export function categoryInput(values: CategoryFormValues): HelpCategoryInput {
  return {
    name: values.name,
    ...(values.slug ? { slug: values.slug } : {}),
    description: values.description,
    ...(values.position ? { position: Number(values.position) } : {}),
  };
}

/**
 * The server's field errors that a form shows under its inputs (`known`), and the rest (messages
 * for a field the form does not have).
 */
export function splitFieldErrors<Name extends string>(
  fields: Record<string, unknown> | undefined,
  known: readonly Name[],
): { byField: [Name, string][]; other: string[] } {
  const byField: [Name, string][] = [];
  const other: string[] = [];
  for (const [name, message] of Object.entries(fields ?? {})) {
    if (typeof message !== 'string' || message === '') continue;
    if ((known as readonly string[]).includes(name)) byField.push([name as Name, message]);
    else other.push(message);
  }
  // In the form's order, so the first one is the one focused.
  byField.sort(([a], [b]) => known.indexOf(a) - known.indexOf(b));
  return { byField, other };
}
