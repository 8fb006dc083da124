'use client';

import { useId, useState } from 'react';
import Link from 'next/link';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CATEGORY_WORDS, toolPhrase } from '@/features/consent/components/consent-words';
import {
  ALL_ACCEPTED,
  NECESSARY_ONLY,
  saveConsent,
  type ConsentCategory,
  type ConsentChoice,
} from '@/features/consent/lib/consent';
import type { ToolName } from '@/features/consent/lib/tools';

/**
 * Cookie settings: a switch per category (necessary is always on), starting from the visitor's
 * current choice. Saving keeps the choice and closes; closing without saving changes nothing.
 * Modal (Radix: focus kept inside, Escape closes); focus goes back to what opened it.
 */
export function ConsentDialog({
  tools,
  consent,
  onClose,
  returnFocus,
}: {
  /** The tools switched on, named under their category. */
  tools: readonly ToolName[];
  consent: ConsentChoice | null;
  onClose: () => void;
  returnFocus: Element | null;
}) {
  const [choice, setChoice] = useState<ConsentChoice>(() => ({
    analytics: consent?.analytics ?? false,
    marketing: consent?.marketing ?? false,
  }));
  const save = (next: ConsentChoice) => {
    saveConsent(next);
    onClose();
  };
  const toggle = (category: ConsentCategory) => (checked: boolean) => setChoice((current) => ({ ...current, [category]: checked }));

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          data-testid="consent-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(34rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-xl bg-white p-5 text-neutral-800 shadow-xl sm:p-6"
        >
          <div className="flex flex-col gap-1 pr-10">
            <Dialog.Title className="text-lg font-semibold text-neutral-900">Cookie settings</Dialog.Title>
            <Dialog.Description className="text-sm text-neutral-600">
              Choose what we may use besides what the shop needs. A tool loads only once you turn its category on, and
              you can change this at any time.
            </Dialog.Description>
          </div>
          <ul className="flex flex-col divide-y divide-neutral-200 rounded-lg border border-neutral-200">
            <CategorySwitch category="necessary" used="Always on" checked disabled />
            {(['analytics', 'marketing'] as const).map((category) => (
              <CategorySwitch
                key={category}
                category={category}
                used={tools.length > 0 ? usedBy(tools, category) : 'Not used at the moment'}
                checked={choice[category]}
                onChange={toggle(category)}
              />
            ))}
          </ul>
          <p className="text-sm text-neutral-600">
            Read more in our{' '}
            <Link href="/privacy/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
              privacy policy
            </Link>
            .
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" className="h-11" onClick={() => save(NECESSARY_ONLY)}>
              Necessary only
            </Button>
            <Button variant="secondary" className="h-11" onClick={() => save(ALL_ACCEPTED)}>
              Accept all
            </Button>
            <Button className="h-11" onClick={() => save(choice)}>
              Save choices
            </Button>
          </div>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function usedBy(tools: readonly ToolName[], category: ConsentCategory): string {
  const phrase = toolPhrase(tools, category);
  return phrase ? `Used by ${phrase}` : 'Not used at the moment';
}

function CategorySwitch({
  category,
  used,
  checked,
  disabled,
  onChange,
}: {
  category: ConsentCategory | 'necessary';
  used: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  const words = CATEGORY_WORDS[category];
  return (
    <li className="flex items-start gap-3 p-4">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked)}
        aria-describedby={`${id}-purpose ${id}-used`}
        className="mt-0.5 size-5 shrink-0 accent-brand-700 disabled:opacity-60"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold text-neutral-900">
          {words.title}
        </label>
        <p id={`${id}-purpose`} className="text-sm text-neutral-600">
          {words.purpose}
        </p>
        <p id={`${id}-used`} className="text-xs font-medium text-neutral-500">
          {used}
        </p>
      </div>
    </li>
  );
}
