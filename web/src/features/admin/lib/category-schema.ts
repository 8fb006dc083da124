import { z } from 'zod';
import type { AdminCategory, CategoryInput } from '@/features/admin/api/categories';
import { slugify } from '@/features/admin/lib/category-tree';

/**
 * The category form: the API's rules and messages (crates/domain taxonomy::CategoryDraft) checked
 * before sending. The server checks again; its field errors (`error.fields`, keyed by the API's
 * names, which are the form's) land on the same inputs.
 */

export const CATEGORY_LIMITS = {
  name: [2, 60],
  slug: 60,
  description: 2000,
  imageUrl: 500,
  position: [0, 100_000],
} as const;

export const CATEGORY_MESSAGES = {
  name: 'The name must be 2 to 60 characters',
  control: 'The name must not contain control characters',
  slug: 'Use up to 60 lower-case letters, digits and single hyphens, like running-shoes',
  slugFromName: 'The name needs a letter or digit for its address',
  description: 'The description is at most 2,000 characters',
  imageUrl: 'The image is an https:// address or a path on this site',
  position: 'The position is 0 to 100,000',
} as const;

/** The fields the form shows, in its order: the API's field errors land on these. */
export const CATEGORY_FIELDS = ['name', 'slug', 'description', 'image_url', 'parent_id', 'position'] as const;
export type CategoryField = (typeof CATEGORY_FIELDS)[number];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(value: string): number {
  return Array.from(value).length;
}

export const categorySchema = z
  .object({
    name: z
      .string()
      .trim()
      .refine((value) => charCount(value) >= CATEGORY_LIMITS.name[0] && charCount(value) <= CATEGORY_LIMITS.name[1], CATEGORY_MESSAGES.name)
      .refine((value) => !CONTROL.test(value), CATEGORY_MESSAGES.control),
    slug: z
      .string()
      .trim()
      .refine((value) => value === '' || (value.length <= CATEGORY_LIMITS.slug && SLUG.test(value)), CATEGORY_MESSAGES.slug),
    description: z
      .string()
      .trim()
      .refine((value) => charCount(value) <= CATEGORY_LIMITS.description, CATEGORY_MESSAGES.description),
    image_url: z
      .string()
      .trim()
      .refine(
        (value) =>
          value === '' || ((value.startsWith('https://') || value.startsWith('/')) && value.length <= CATEGORY_LIMITS.imageUrl),
        CATEGORY_MESSAGES.imageUrl,
      ),
    /** '' for a top category. */
    parent_id: z.string(),
    position: z
      .string()
      .trim()
      .refine((value) => /^\d{1,6}$/.test(value) && Number(value) <= CATEGORY_LIMITS.position[1], CATEGORY_MESSAGES.position)
      .transform(Number),
    active: z.boolean(),
  })
  .refine((values) => values.slug !== '' || slugify(values.name) !== '', {
    message: CATEGORY_MESSAGES.slugFromName,
    path: ['slug'],
  });

export type CategoryFormInput = z.input<typeof categorySchema>;
export type CategoryFormValues = z.output<typeof categorySchema>;

/** The form filled in from a category, or for a new one under `parentId` at `position`. */
export function categoryFormValues(
  category: AdminCategory | undefined,
  fresh: { parentId: string | null; position: number } = { parentId: null, position: 0 },
): CategoryFormInput {
  if (!category) {
    return {
      name: '',
      slug: '',
      description: '',
      image_url: '',
      parent_id: fresh.parentId ?? '',
      position: String(fresh.position),
      active: true,
    };
  }
  return {
    name: category.name,
    slug: category.slug,
    description: category.description,
    image_url: category.image_url ?? '',
    parent_id: category.parent_id ?? '',
    position: String(category.position),
    active: category.active,
  };
}

/** The body of the checked form: empty text is "none" (an empty address is made from the name). */
export function categoryInput(values: CategoryFormValues): CategoryInput {
  return {
    name: values.name,
    slug: values.slug || null,
    description: values.description,
    image_url: values.image_url || null,
    parent_id: values.parent_id || null,
    position: values.position,
    active: values.active,
  };
}
