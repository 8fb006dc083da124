'use client';

import type { UseFormRegisterReturn } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** What a secret's input shows while one is kept (the server never answers it). */
export const SECRET_SET_PLACEHOLDER = '•••••• (set)';

/**
 * A secret the server keeps but never answers (a merchant key, an SMTP password). Its input is
 * never filled in: typing sets a new one, empty keeps the one kept, which the placeholder and the
 * hint point out. While one is kept a checkbox removes it (the input is off meanwhile); `badge`
 * also says "Set" or "Not set" beside it.
 */
export function SecretField({
  label,
  what,
  set,
  removing,
  error,
  hint,
  unsetNote,
  badge = false,
  input,
  remove,
}: {
  label: string;
  /** The secret in a sentence: "the merchant key". */
  what: string;
  /** The server keeps one (as loaded or saved). */
  set: boolean;
  /** The remove checkbox is ticked. */
  removing: boolean;
  error?: string;
  /** The secret's rule: "Up to 200 characters." */
  hint: string;
  /** Said before the rule while none is kept: "Only if the server asks for one." */
  unsetNote?: string;
  badge?: boolean;
  input: UseFormRegisterReturn;
  remove: UseFormRegisterReturn;
}) {
  const state = removing
    ? `${capitalise(what)} kept is removed when you save.`
    : set
      ? `Leave empty to keep ${what} set. ${hint}`
      : unsetNote
        ? `${unsetNote} ${hint}`
        : hint;
  return (
    <div className="flex flex-col gap-2">
      <FormField label={label} error={error} hint={state}>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder={set && !removing ? SECRET_SET_PLACEHOLDER : undefined}
          disabled={removing}
          {...input}
        />
      </FormField>
      {badge || set ? (
        <div className="flex flex-wrap items-center gap-3">
          {badge ? (
            <Badge tone={set ? 'neutral' : 'muted'}>
              <span className="sr-only">{label}: </span>
              {set ? 'Set' : 'Not set'}
            </Badge>
          ) : null}
          {set ? (
            <label className="flex items-center gap-2 text-sm font-medium text-neutral-800">
              <input type="checkbox" className="size-4 shrink-0 accent-brand-700" {...remove} />
              {/* With the badge beside it "Remove" alone is shown; the checkbox's name still says what goes. */}
              Remove{' '}<span className={badge ? 'sr-only' : undefined}>{what}</span>
            </label>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
