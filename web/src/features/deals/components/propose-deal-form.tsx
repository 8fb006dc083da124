'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useDealProducts, useProposeDeal } from '@/features/deals/api/deals';
import { addDays, DEAL_DAYS_AHEAD, formatDealDate } from '@/features/deals/lib/deal-dates';
import { checkDeal, dealBody, dealErrorsOf, type DealErrors, type DealFormValues } from '@/features/deals/lib/deal-form';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * Proposes one of the vendor's active products without variations for a date (from tomorrow, as
 * `today` says, to 90 days ahead) at a deal price below today's.
 */
export function ProposeDealForm({ today }: { today: string }) {
  const products = useDealProducts();
  const propose = useProposeDeal();
  const tomorrow = addDays(today, 1);
  const latest = addDays(today, DEAL_DAYS_AHEAD);
  const [values, setValues] = useState<DealFormValues>({ product_id: '', deal_date: tomorrow, price: '' });
  const [errors, setErrors] = useState<DealErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (attempt === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? problemRef.current)?.focus();
  }, [attempt]);

  const choices = products.data ?? [];
  const product = choices.find((choice) => choice.id === values.product_id);
  const set = <K extends keyof DealFormValues>(key: K, value: DealFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const refuse = (next: DealErrors, message: string | null) => {
    setErrors(next);
    setProblem(message);
    setAttempt((count) => count + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (propose.isPending) return;
    const found = checkDeal(values, today, product);
    if (Object.keys(found).length > 0) {
      refuse(found, null);
      return;
    }
    setErrors({});
    setProblem(null);
    propose.mutate(dealBody(values), {
      onSuccess: (deal) => {
        toast.success('Deal proposed', { description: `${deal.product_name} on ${formatDealDate(deal.deal_date)}` });
        setValues((current) => ({ ...current, product_id: '', price: '' }));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) {
          const { errors: fields, other } = dealErrorsOf(error.fields);
          refuse(fields, other[0] ?? (Object.keys(fields).length === 0 ? error.message : null));
        } else {
          refuse({}, errorMessage(error, 'The deal could not be proposed. Please try again.'));
        }
      },
    });
  };

  if (products.isSuccess && choices.length === 0) {
    return (
      <p className="text-sm text-neutral-600" data-testid="no-deal-products">
        Daily deals are for active products without variations, and you have none yet.{' '}
        <Link href="/vendor/products/" className={LINK}>
          See your products
        </Link>
      </p>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Propose a deal" className="flex flex-col gap-5">
      {problem ? (
        <p
          ref={problemRef}
          role="alert"
          tabIndex={-1}
          className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-red-900 outline-none dark:bg-red-950 dark:text-red-200"
          data-testid="deal-problem"
        >
          {problem}
        </p>
      ) : null}
      <FormField
        label="Product"
        hint={
          products.isError
            ? 'Your products could not be loaded. Reload the page to try again.'
            : 'Your active products without variations.'
        }
        error={errors.product_id}
      >
        <Select
          value={values.product_id}
          onChange={(event) => set('product_id', event.target.value)}
          disabled={products.isPending}
        >
          <option value="">{products.isPending ? 'Loading your products…' : 'Choose a product'}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name} ({formatMoney(choice.price_cents)})
            </option>
          ))}
        </Select>
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Date"
          hint={`From tomorrow (${formatDealDate(tomorrow)}) to ${DEAL_DAYS_AHEAD} days ahead.`}
          error={errors.deal_date}
        >
          <Input
            type="date"
            min={tomorrow}
            max={latest}
            value={values.deal_date}
            onChange={(event) => set('deal_date', event.target.value)}
          />
        </FormField>
        <FormField
          label="Deal price (R)"
          hint={product ? `Below today's price of ${formatMoney(product.price_cents)}.` : "Below the product's price today."}
          error={errors.deal_price_cents}
        >
          <Input
            type="text"
            inputMode="decimal"
            placeholder="99.00"
            value={values.price}
            onChange={(event) => set('price', event.target.value)}
          />
        </FormField>
      </div>
      <div>
        <Button type="submit" className="h-11 min-w-36" disabled={propose.isPending || products.isPending}>
          {propose.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {propose.isPending ? 'Proposing…' : 'Propose deal'}
        </Button>
      </div>
    </form>
  );
}
