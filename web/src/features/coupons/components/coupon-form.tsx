'use client';

import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import type { CouponKind, SaveCouponVariables, VendorCoupon } from '@/features/coupons/api/coupon-types';
import { useSaveCoupon } from '@/features/coupons/api/coupons';
import {
  checkCoupon,
  couponBody,
  couponErrorsOf,
  couponValuesFrom,
  DESCRIPTION_MAX,
  emptyCouponValues,
  type CouponErrors,
  type CouponFormValues,
} from '@/features/coupons/lib/coupon-form';

/**
 * Adds a coupon (`coupon` null) or rewrites one: code, description, percentage or amount off,
 * minimum spend, the window it counts in, its limits and whether it is on. What the form finds
 * wrong, and the API's own field errors, show under their inputs; the first gets the focus.
 */
export function CouponForm({
  coupon,
  onDone,
}: {
  coupon: VendorCoupon | null;
  /** Called after a save (with the coupon saved) or on Cancel. */
  onDone: (saved: VendorCoupon | null) => void;
}) {
  const save = useSaveCoupon();
  return <CouponEditor coupon={coupon} save={save} onDone={onDone} />;
}

/** The save a coupon form runs (the vendor's coupons, or the platform's), as TanStack Query gives it. */
export type CouponSave<Saved extends VendorCoupon> = Pick<
  UseMutationResult<Saved, Error, SaveCouponVariables>,
  'mutate' | 'isPending'
>;

/** The minimum spend's hint where it differs from the vendor's ("your items"). */
const VENDOR_MINIMUM_HINT = 'What your items in the cart must come to. Leave it empty for none.';

/**
 * The coupon form itself, for whichever save it is given: the vendor's coupons (CouponForm) or
 * the platform's (the admin's coupons page, whose minimum spend counts the whole cart:
 * `minimumHint`).
 */
export function CouponEditor<Saved extends VendorCoupon>({
  coupon,
  save,
  onDone,
  minimumHint = VENDOR_MINIMUM_HINT,
}: {
  coupon: VendorCoupon | null;
  save: CouponSave<Saved>;
  /** Called after a save (with the coupon saved) or on Cancel. */
  onDone: (saved: Saved | null) => void;
  minimumHint?: string;
}) {
  const [values, setValues] = useState<CouponFormValues>(() => (coupon ? couponValuesFrom(coupon) : emptyCouponValues()));
  const [errors, setErrors] = useState<CouponErrors>({});
  const [problem, setProblem] = useState<string[] | null>(null);
  /** Bumped on each refused submit, to bring the first error into view. */
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const kindId = useId();

  useEffect(() => {
    if (attempt === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? problemRef.current)?.focus();
  }, [attempt]);

  const set = <K extends keyof CouponFormValues>(key: K, value: CouponFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const refuse = (next: CouponErrors, lines: string[]) => {
    setErrors(next);
    setProblem(lines);
    setAttempt((count) => count + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = checkCoupon(values);
    if (Object.keys(found).length > 0) {
      refuse(found, []);
      return;
    }
    setErrors({});
    setProblem(null);
    save.mutate(
      { id: coupon?.id ?? null, body: couponBody(values) },
      {
        onSuccess: (saved) => {
          toast.success(coupon ? 'Coupon saved' : 'Coupon created', { description: saved.code });
          onDone(saved);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            const { errors: fields, other } = couponErrorsOf(error.fields);
            refuse(fields, other.length > 0 || Object.keys(fields).length > 0 ? other : [error.message]);
          } else {
            refuse({}, [errorMessage(error, 'The coupon could not be saved. Please try again.')]);
          }
        },
      },
    );
  };

  const percentage = values.kind === 'percentage';
  const hasFieldErrors = Object.keys(errors).length > 0;

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
      className="flex flex-col gap-5"
    >
      {problem !== null && (hasFieldErrors || problem.length > 0) ? (
        <div
          ref={problemRef}
          role="alert"
          tabIndex={-1}
          className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-red-900 outline-none dark:bg-red-950 dark:text-red-200"
          data-testid="coupon-problem"
        >
          {hasFieldErrors ? <p className="font-semibold">The coupon was not saved: some fields need attention.</p> : null}
          {problem.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Code"
          hint="3 to 20 letters, digits or dashes, like SUMMER-10. Customers type it at checkout."
          error={errors.code}
        >
          <Input
            type="text"
            autoCapitalize="characters"
            autoCorrect="off"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            className="uppercase"
            value={values.code}
            onChange={(event) => set('code', event.target.value)}
          />
        </FormField>
        <FormField label="Description" hint="Optional: what the coupon is for." error={errors.description}>
          <Input
            type="text"
            maxLength={DESCRIPTION_MAX + 20}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
          />
        </FormField>
      </div>

      <fieldset className="flex flex-col gap-2" aria-describedby={errors.kind ? `${kindId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-neutral-800">Discount</legend>
        <div className="flex flex-wrap gap-2">
          <KindOption name={kindId} value="percentage" current={values.kind} onChange={(kind) => set('kind', kind)}>
            Percentage off
          </KindOption>
          <KindOption name={kindId} value="fixed" current={values.kind} onChange={(kind) => set('kind', kind)}>
            Amount off
          </KindOption>
        </div>
        {errors.kind ? (
          <p id={`${kindId}-error`} className="text-sm font-medium text-sale">
            {errors.kind}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label={percentage ? 'Percent off (%)' : 'Amount off (R)'}
          hint={percentage ? 'A whole number from 1 to 100.' : 'In rand, like 50.00.'}
          error={errors.value}
        >
          <Input
            type="text"
            inputMode={percentage ? 'numeric' : 'decimal'}
            placeholder={percentage ? '10' : '50.00'}
            value={values.value}
            onChange={(event) => set('value', event.target.value)}
          />
        </FormField>
        <FormField
          label="Minimum spend (R)"
          hint={minimumHint}
          error={errors.min_spend_cents}
        >
          <Input
            type="text"
            inputMode="decimal"
            placeholder="250.00"
            value={values.min_spend}
            onChange={(event) => set('min_spend', event.target.value)}
          />
        </FormField>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Starts" hint="Your local time. Leave it empty to start at once." error={errors.starts_at}>
          <Input type="datetime-local" value={values.starts_at} onChange={(event) => set('starts_at', event.target.value)} />
        </FormField>
        <FormField label="Ends" hint="Leave it empty for no end." error={errors.expires_at}>
          <Input type="datetime-local" value={values.expires_at} onChange={(event) => set('expires_at', event.target.value)} />
        </FormField>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Uses in all" hint="Leave it empty for no limit." error={errors.usage_limit}>
          <Input
            type="text"
            inputMode="numeric"
            value={values.usage_limit}
            onChange={(event) => set('usage_limit', event.target.value)}
          />
        </FormField>
        <FormField label="Uses per customer" hint="Leave it empty for no limit." error={errors.per_customer_limit}>
          <Input
            type="text"
            inputMode="numeric"
            value={values.per_customer_limit}
            onChange={(event) => set('per_customer_limit', event.target.value)}
          />
        </FormField>
      </div>

      <ActiveSwitch checked={values.active} onChange={(active) => set('active', active)} error={errors.active} />

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" className="h-11 min-w-36" disabled={save.isPending}>
          {save.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {save.isPending ? 'Saving…' : coupon ? 'Save coupon' : 'Create coupon'}
        </Button>
        <Button variant="secondary" className="h-11" onClick={() => onDone(null)} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function KindOption({
  name,
  value,
  current,
  onChange,
  children,
}: {
  name: string;
  value: CouponKind;
  current: CouponKind;
  onChange: (kind: CouponKind) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 rounded-md border border-neutral-200 px-3 py-2.5 text-sm font-medium text-neutral-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        name={name}
        value={value}
        checked={current === value}
        onChange={() => onChange(value)}
        className="size-4 accent-brand-700"
      />
      {children}
    </label>
  );
}

/** "Active": a switch (a checkbox announced as one); customers can use the coupon only while it is on. */
function ActiveSwitch({ checked, onChange, error }: { checked: boolean; onChange: (on: boolean) => void; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="size-5 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          Active
        </label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-neutral-500">
        Customers can use the coupon only while it is active. Switch off a used coupon instead of deleting it.
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
