import { z } from 'zod';
import type { GlobalAttribute, GlobalAttributeInput } from '@/features/admin/api/attributes';

/**
 * The global attribute form: the API's rules and messages (crates/domain taxonomy::AttributeDraft)
 * checked before sending. Values are kept as `{ value }` rows (react-hook-form's field arrays
 * hold objects) and sent as strings, trimmed, in the order shown.
 */

export const ATTRIBUTE_LIMITS = {
  name: [2, 40],
  values: [1, 100],
  value: 40,
  position: [0, 100_000],
} as const;

export const ATTRIBUTE_MESSAGES = {
  name: 'The name must be 2 to 40 characters',
  control: 'The name must not contain control characters',
  values: 'Give 1 to 100 values',
  value: 'Each value is 1 to 40 characters',
  twice: (value: string) => `"${value}" appears twice`,
  position: 'The position is 0 to 100,000',
} as const;

/** The fields the form shows, in its order: the API's field errors land on these. */
export const ATTRIBUTE_FIELDS = ['name', 'values', 'position'] as const;
export type AttributeField = (typeof ATTRIBUTE_FIELDS)[number];

const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

function charCount(value: string): number {
  return Array.from(value).length;
}

/** Values compare as the server compares them: trimmed, ignoring case. */
export function sameValue(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export const attributeSchema = z.object({
  name: z
    .string()
    .trim()
    .refine((value) => charCount(value) >= ATTRIBUTE_LIMITS.name[0] && charCount(value) <= ATTRIBUTE_LIMITS.name[1], ATTRIBUTE_MESSAGES.name)
    .refine((value) => !CONTROL.test(value), ATTRIBUTE_MESSAGES.control),
  values: z
    .array(
      z.object({
        value: z
          .string()
          .trim()
          .refine((value) => charCount(value) >= 1 && charCount(value) <= ATTRIBUTE_LIMITS.value, ATTRIBUTE_MESSAGES.value),
      }),
    )
    .min(ATTRIBUTE_LIMITS.values[0], ATTRIBUTE_MESSAGES.values)
    .max(ATTRIBUTE_LIMITS.values[1], ATTRIBUTE_MESSAGES.values)
    .superRefine((rows, context) => {
      rows.forEach((row, index) => {
        if (row.value && rows.slice(0, index).some((earlier) => sameValue(earlier.value, row.value))) {
          context.addIssue({ code: 'custom', message: ATTRIBUTE_MESSAGES.twice(row.value), path: [index, 'value'] });
        }
      });
    }),
  position: z
    .string()
    .trim()
    .refine((value) => /^\d{1,6}$/.test(value) && Number(value) <= ATTRIBUTE_LIMITS.position[1], ATTRIBUTE_MESSAGES.position)
    .transform(Number),
});

export type AttributeFormInput = z.input<typeof attributeSchema>;
export type AttributeFormValues = z.output<typeof attributeSchema>;

/** The form filled in from an attribute, or empty for a new one placed at `position`. */
export function attributeFormValues(attribute: GlobalAttribute | undefined, position = 0): AttributeFormInput {
  return {
    name: attribute?.name ?? '',
    values: (attribute?.values ?? []).map((value) => ({ value })),
    position: String(attribute?.position ?? position),
  };
}

/** The body of the checked form. */
export function attributeInput(values: AttributeFormValues): GlobalAttributeInput {
  return {
    name: values.name,
    values: values.values.map((row) => row.value),
    position: values.position,
  };
}
