'use client';

import { useId, useRef, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import type { Agreement, Application, Bank } from '@/lib/selling/types';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSlugAvailability, useSubmitApplication } from '@/features/vendor/api/applications';
import { AgreementFacts, AgreementTerms } from '@/features/vendor/components/agreement-terms';
import {
  applicationSchema,
  EMPTY_APPLICATION,
  isWellFormedSlug,
  serverFieldErrors,
  suggestSlug,
  toApplicationInput,
  valuesFromApplication,
  type ApplicationField,
  type ApplicationFormInput,
  type ApplicationFormValues,
} from '@/features/vendor/lib/application-schema';

/** How long the store address must stay unchanged before it is checked. */
export const SLUG_CHECK_DELAY_MS = 300;

/**
 * The vendor application: the store, the business, the payout account and the agreement to
 * accept. Checked here with the API's rules first; the API's own field errors (400 `fields`)
 * land on the same inputs. With `resubmit`, the form starts from that application (sent back
 * for changes, or rejected) and resubmits it; the account number is typed again.
 */
export function ApplicationForm({
  agreement,
  banks,
  resubmit,
  onSubmitted,
  onConflict,
}: {
  agreement: Agreement;
  banks: readonly Bank[];
  resubmit?: Application;
  onSubmitted: (application: Application) => void;
  /** The API refused with 409 (an open application already, or already a vendor). */
  onConflict?: (error: ApiError) => void;
}) {
  const submit = useSubmitApplication();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ApplicationFormInput, unknown, ApplicationFormValues>({
    resolver: zodResolver(applicationSchema),
    defaultValues: resubmit ? valuesFromApplication(resubmit) : EMPTY_APPLICATION,
  });

  // The address follows the store's name until the applicant types one of their own.
  const slugEdited = useRef(resubmit !== undefined);

  const slug = watch('store_slug').trim().toLowerCase();
  const ownSlug = resubmit?.store_slug ?? null;
  const availability = useSlugCheck(slug, ownSlug);

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    if (availability.state === 'taken') {
      setError('store_slug', { message: availability.message }, { shouldFocus: true });
      return;
    }
    try {
      const application = await submit.mutateAsync({
        input: toApplicationInput(values, agreement.version),
        resubmitId: resubmit?.id,
      });
      onSubmitted(application);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields) {
        const { byField, other } = serverFieldErrors(error.fields);
        const names = Object.keys(byField) as ApplicationField[];
        names.forEach((name, index) => setError(name, { message: byField[name] }, { shouldFocus: index === 0 }));
        setFormErrors(other.length > 0 || names.length === 0 ? [error.message, ...other] : []);
      } else if (error instanceof ApiError && error.status === 409) {
        setFormErrors([error.message]);
        onConflict?.(error);
      } else {
        setFormErrors([
          error instanceof ApiError && error.isClientError ? error.message : 'Your application could not be sent. Please try again.',
        ]);
      }
    }
  });

  // Registered in the order of the page, so the first field in error is the one focused.
  const storeNameField = register('store_name', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugEdited.current) setValue('store_slug', suggestSlug(event.target.value), { shouldValidate: isSubmitted });
    },
  });
  const slugField = register('store_slug', {
    onChange: () => {
      slugEdited.current = true;
    },
  });
  const descriptionField = register('description');
  const categoryField = register('category_focus');
  const phoneField = register('contact_phone');
  const registrationField = register('company_registration');
  const vatField = register('vat_number');
  const bankField = register('bank_name', {
    onChange: (event: { target: { value: string } }) => {
      const bank = banks.find((b) => b.name === event.target.value);
      if (bank) setValue('branch_code', bank.universal_branch_code, { shouldValidate: isSubmitted });
    },
  });
  const branchField = register('branch_code');
  const holderField = register('account_holder');
  const accountField = register('account_number');
  const acceptField = register('accept');
  const busy = isSubmitting || submit.isPending;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Vendor application"
      className="flex flex-col gap-6"
    >
      {formErrors.length > 0 ? (
        <div role="alert" className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-sale dark:bg-red-950">
          {formErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}

      <FormSection title="Your store" description="How shoppers will see you.">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Store name" error={errors.store_name?.message}>
            <Input type="text" autoComplete="organization" maxLength={60} {...storeNameField} />
          </FormField>
          <div className="flex flex-col gap-1.5">
            <FormField
              label="Store address"
              error={errors.store_slug?.message}
              hint="Your store page: /store/your-address. Lower-case letters, digits and hyphens."
            >
              <Input
                type="text"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={40}
                {...slugField}
                onChange={(event) => {
                  event.target.value = event.target.value.toLowerCase();
                  return slugField.onChange(event);
                }}
              />
            </FormField>
            <SlugStatus check={availability} />
          </div>
        </div>
        <FormField
          label="Description"
          error={errors.description?.message}
          hint="What you sell and what makes your store worth a visit (20 to 2000 characters)."
        >
          <Textarea rows={5} maxLength={2000} {...descriptionField} />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Category focus"
            error={errors.category_focus?.message}
            hint="For example: running apparel, hiking gear."
          >
            <Input type="text" maxLength={80} {...categoryField} />
          </FormField>
          <FormField label="Contact phone" error={errors.contact_phone?.message} hint="A South African number, like 082 555 1234.">
            <Input type="tel" autoComplete="tel" inputMode="tel" {...phoneField} />
          </FormField>
        </div>
      </FormSection>

      <FormSection title="Your business" description="Optional: fill these in if your business is registered.">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Company registration number (optional)"
            error={errors.company_registration?.message}
            hint="CIPC format, like 2019/123456/07."
          >
            <Input type="text" {...registrationField} />
          </FormField>
          <FormField label="VAT number (optional)" error={errors.vat_number?.message} hint="10 digits starting with 4.">
            <Input type="text" inputMode="numeric" {...vatField} />
          </FormField>
        </div>
      </FormSection>

      <FormSection title="Payouts" description="The South African bank account your earnings are paid into.">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Bank" error={errors.bank_name?.message}>
            <Select {...bankField}>
              <option value="">Choose your bank</option>
              {banks.map((bank) => (
                <option key={bank.name} value={bank.name}>
                  {bank.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            label="Branch code"
            error={errors.branch_code?.message}
            hint="Filled in with your bank's universal branch code; change it if yours differs."
          >
            <Input type="text" inputMode="numeric" maxLength={6} {...branchField} />
          </FormField>
          <FormField label="Account holder" error={errors.account_holder?.message}>
            <Input type="text" autoComplete="name" maxLength={80} {...holderField} />
          </FormField>
          <FormField
            label="Account number"
            error={errors.account_number?.message}
            hint={
              resubmit
                ? `Type it again: we only keep it hidden (${resubmit.bank.account_number_masked}).`
                : '6 to 13 digits.'
            }
          >
            <Input type="text" inputMode="numeric" autoComplete="off" maxLength={20} {...accountField} />
          </FormField>
        </div>
      </FormSection>

      <AgreementSection agreement={agreement} error={errors.accept?.message} checkbox={acceptField} />

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy} className="h-11 min-w-44">
          {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {busy ? 'Sending…' : resubmit ? 'Resubmit application' : 'Submit application'}
        </Button>
      </div>
    </form>
  );
}

function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-5 rounded-xl border border-neutral-200 bg-white p-5 sm:p-6">
      <div>
        <h2 id={id} className="text-lg font-semibold text-neutral-900">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-neutral-600">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** The agreement to accept: its facts, its terms in a scrolling box, and the "I accept" checkbox. */
function AgreementSection({
  agreement,
  error,
  checkbox,
}: {
  agreement: Agreement;
  error?: string;
  checkbox: UseFormRegisterReturn<'accept'>;
}) {
  const id = useId();
  const checkboxId = `${id}-accept`;
  const errorId = `${id}-error`;
  return (
    <FormSection title="Vendor agreement" description={agreement.title}>
      <AgreementFacts agreement={agreement} />
      <AgreementTerms agreement={agreement} />
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
            {...checkbox}
          />
          <label htmlFor={checkboxId} className="text-sm text-neutral-800">
            I accept the {agreement.title} (version {agreement.version})
          </label>
        </div>
        {error ? (
          <p id={errorId} className="text-sm font-medium text-sale">
            {error}
          </p>
        ) : null}
      </div>
    </FormSection>
  );
}

type SlugCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available'; slug: string }
  | { state: 'taken'; message: string }
  | { state: 'unknown' };

/**
 * The address check, once the address has rested for SLUG_CHECK_DELAY_MS: only well-formed
 * addresses are asked about (the form's own rule speaks for the others), and not the one the
 * applicant already has.
 */
function useSlugCheck(slug: string, ownSlug: string | null): SlugCheck {
  const settled = useDebouncedValue(slug, SLUG_CHECK_DELAY_MS);
  const askable = isWellFormedSlug(settled) && settled !== ownSlug ? settled : null;
  const query = useSlugAvailability(askable);
  if (!isWellFormedSlug(slug) || slug === ownSlug) return { state: 'idle' };
  if (settled !== slug || query.isPending) return { state: 'checking' };
  if (query.isError) return { state: 'unknown' };
  if (query.data.available) return { state: 'available', slug: query.data.slug };
  return { state: 'taken', message: query.data.message || 'This address is taken: choose another' };
}

function SlugStatus({ check }: { check: SlugCheck }) {
  return (
    <p role="status" aria-live="polite" className="min-h-5 text-sm" data-testid="slug-status">
      {check.state === 'checking' ? <span className="text-neutral-600">Checking the address…</span> : null}
      {check.state === 'available' ? (
        <span className="inline-flex items-center gap-1.5 font-medium text-green-700 dark:text-green-300">
          <CircleCheck aria-hidden="true" className="size-4" />
          {check.slug} is available
        </span>
      ) : null}
      {check.state === 'taken' ? (
        <span className="inline-flex items-center gap-1.5 font-medium text-sale">
          <CircleAlert aria-hidden="true" className="size-4" />
          {check.message}
        </span>
      ) : null}
    </p>
  );
}
