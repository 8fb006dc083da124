'use client';

import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Loader2, Search } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { errorMessage, Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useScheduleDeal } from '@/features/admin/api/daily-deals';
import { adminProductsQueryOptions, NO_PRODUCT_FILTERS, type AdminProduct } from '@/features/admin/api/products';
import { FormErrorsAlert } from '@/features/admin/components/admin-form-parts';
import { ProductThumbnail } from '@/features/admin/components/product-thumbnail';
import { addDays, DEAL_DAYS_AHEAD, formatDealDate } from '@/features/deals/lib/deal-dates';
import { belowPriceMessage, DEAL_MESSAGES } from '@/features/deals/lib/deal-form';
import { amountToCents } from '@/features/vendor/lib/amount';

/** The date it is in South Africa (`YYYY-MM-DD`), as the API counts deal days. */
export function todayInSouthAfrica(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(now);
}

/** The server's words (crates/domain/src/deal.rs, check_schedule) where the vendor's differ. */
export const SCHEDULE_MESSAGES = {
  product: 'Choose a product',
  dateTooSoon: 'Choose a date from today',
} as const;

/** The product chosen: what the form shows of it and checks the price against. */
interface ProductChoice {
  id: string;
  name: string;
  store: string;
  price_cents: number;
}

function choiceOf(product: AdminProduct): ProductChoice {
  return {
    id: product.id,
    name: product.name,
    store: product.vendor_name ?? 'Sold by the platform',
    price_cents: product.price_cents,
  };
}

/** A date from today to 90 days ahead, and a price in rand below the product's price today. */
function scheduleSchema(today: string) {
  return z
    .object({
      product: z.custom<ProductChoice | null>().refine((product) => product !== null, SCHEDULE_MESSAGES.product),
      deal_date: z
        .string()
        .trim()
        .superRefine((date, context) => {
          const message = !/^\d{4}-\d{2}-\d{2}$/.test(date)
            ? DEAL_MESSAGES.dateFormat
            : date < today
              ? SCHEDULE_MESSAGES.dateTooSoon
              : date > addDays(today, DEAL_DAYS_AHEAD)
                ? DEAL_MESSAGES.dateTooLate
                : null;
          if (message) context.addIssue({ code: 'custom', message });
        }),
      price: z.string().trim(),
    })
    .superRefine(({ product, price }, context) => {
      const cents = amountToCents(price);
      if (cents === null || cents < 1) context.addIssue({ code: 'custom', path: ['price'], message: DEAL_MESSAGES.amount });
      else if (product && cents >= product.price_cents) {
        context.addIssue({ code: 'custom', path: ['price'], message: belowPriceMessage(product.price_cents) });
      }
    })
    .transform(({ product, deal_date, price }) => ({
      product: product!,
      body: { product_id: product!.id, deal_date, deal_price_cents: amountToCents(price)! },
    }));
}

type ScheduleInput = z.input<ReturnType<typeof scheduleSchema>>;
type ScheduleOutput = z.output<ReturnType<typeof scheduleSchema>>;

/** The API's field names and the form's. */
const FIELDS = { product_id: 'product', deal_date: 'deal_date', deal_price_cents: 'price' } as const;

/**
 * "Schedule a deal": an admin puts any store's product on a daily deal directly, approved at once.
 * The product is found by name through the admin product list; the date runs from today (South
 * African time, `today`) to 90 days ahead; the price is typed in rand. The server's field errors
 * land under the fields; "already has a deal on that date" (409) under the date.
 */
export function ScheduleDealPanel({
  id,
  today,
  onDone,
}: {
  id: string;
  today: string;
  /** After scheduling (true) or on Cancel (false). */
  onDone: (scheduled: boolean) => void;
}) {
  const schedule = useScheduleDeal();
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<ScheduleInput, unknown, ScheduleOutput>({
    resolver: zodResolver(scheduleSchema(today)),
    defaultValues: { product: null, deal_date: today, price: '' },
  });
  const {
    register,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const product = useWatch({ control, name: 'product' });
  const latest = addDays(today, DEAL_DAYS_AHEAD);

  const onSubmit = form.handleSubmit(async ({ product: chosen, body }) => {
    setProblems([]);
    try {
      await schedule.mutateAsync(body);
      toast.success('Deal scheduled', { description: `${chosen.name} on ${formatDealDate(body.deal_date)}` });
      onDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.code === 'deal_taken') {
        form.setError('deal_date', { message: error.message }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 400 && error.fields) {
        const other: string[] = [];
        const refused: (typeof FIELDS)[keyof typeof FIELDS][] = [];
        for (const [name, message] of Object.entries(error.fields)) {
          if (typeof message !== 'string') continue;
          const field = FIELDS[name as keyof typeof FIELDS];
          if (!field) {
            other.push(message);
            continue;
          }
          // The product is no input: the first refused input is focused.
          const focus = field !== 'product' && !refused.some((done) => done !== 'product');
          form.setError(field, { message }, { shouldFocus: focus });
          refused.push(field);
        }
        // A refusal under no field of the form is said above it.
        setProblems(refused.length > 0 || other.length > 0 ? other : [error.message]);
      } else {
        setProblems([errorMessage(error, 'The deal could not be scheduled. Please try again.')]);
      }
    }
  });

  const busy = isSubmitting || schedule.isPending;

  return (
    <div id={id}>
      <Panel
        title="Schedule a deal"
        description="Put any store’s product on a daily deal: it is approved at once and runs at the deal price on its date only."
      >
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Schedule a deal" className="flex flex-col gap-5">
          <FormErrorsAlert messages={problems} />
          <ProductPicker
            chosen={product ?? null}
            error={errors.product?.message}
            onChoose={(choice) => {
              setValue('product', choice, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
            }}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              label="Date"
              hint={`From today (${formatDealDate(today)}) to ${DEAL_DAYS_AHEAD} days ahead.`}
              error={errors.deal_date?.message}
            >
              <Input type="date" min={today} max={latest} {...register('deal_date')} />
            </FormField>
            <FormField
              label="Deal price (R)"
              hint={product ? `Below today’s price of ${formatMoney(product.price_cents)}.` : 'Below the product’s price today.'}
              error={errors.price?.message}
            >
              <Input type="text" inputMode="decimal" autoComplete="off" placeholder="199.00" {...register('price')} />
            </FormField>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" className="h-11 min-w-36" disabled={busy}>
              {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              Schedule deal
            </Button>
            <Button variant="secondary" className="h-11" onClick={() => onDone(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </Panel>
    </div>
  );
}

const SEARCH_DELAY_MS = 300;

/**
 * The product: searched by name (GET /api/v1/admin/products?q=…), each found one with its store
 * and price, picked with a click; once picked, shown with "Change" to search again.
 */
function ProductPicker({
  chosen,
  error,
  onChoose,
}: {
  chosen: ProductChoice | null;
  error: string | undefined;
  onChoose: (choice: ProductChoice | null) => void;
}) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const found = useQuery({
    ...adminProductsQueryOptions({ ...NO_PRODUCT_FILTERS, q }),
    enabled: chosen === null && q !== '',
    placeholderData: keepPreviousData,
  });
  const errorId = useId();

  if (chosen) {
    return (
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-neutral-800">Product</p>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-neutral-300 px-3 py-2" data-testid="chosen-product">
          <span className="min-w-0">
            <span className="block font-medium text-neutral-900">{chosen.name}</span>
            <span className="block text-sm text-neutral-600">
              {chosen.store} · {formatMoney(chosen.price_cents)}
            </span>
          </span>
          <Button
            variant="secondary"
            className="h-9"
            aria-describedby={error ? errorId : undefined}
            onClick={() => onChoose(null)}
          >
            Change
          </Button>
        </div>
        {error ? (
          <p id={errorId} className="text-sm font-medium text-sale">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  const products = q === '' ? [] : (found.data?.products ?? []);
  return (
    <div className="flex flex-col gap-2">
      <FormField label="Product" hint="Search any store’s products by name." error={error}>
        <Input type="search" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} />
      </FormField>
      {q === '' ? null : found.isPending ? (
        <p className="flex items-center gap-2 text-sm text-neutral-600" role="status">
          <Search aria-hidden="true" className="size-4" /> Searching…
        </p>
      ) : found.isError ? (
        <p className="text-sm font-medium text-sale" role="alert">
          {errorMessage(found.error, 'The products could not be searched. Please try again.')}
        </p>
      ) : products.length === 0 ? (
        <p className="text-sm text-neutral-600" role="status">
          No products match “{q}”.
        </p>
      ) : (
        <ul aria-label="Products found" className="flex max-h-80 flex-col divide-y divide-neutral-200 overflow-y-auto rounded-md border border-neutral-200">
          {products.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onChoose(choiceOf(item))}
                className="flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-neutral-50"
                data-testid="product-choice"
              >
                <ProductThumbnail url={item.image_url} />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-neutral-900">{item.name}</span>
                  <span className="block text-sm text-neutral-600">
                    {item.vendor_name ?? 'Sold by the platform'}
                    {item.status === 'active' ? '' : ` · ${item.status.replace('_', ' ')}`}
                  </span>
                </span>
                <span className="shrink-0 text-sm font-semibold tabular-nums text-neutral-900">{formatMoney(item.price_cents)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
