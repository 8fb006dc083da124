'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { FormProvider, useForm, useFormContext, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ExternalLink, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage, PageHeader, Panel } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { productPath } from '@/lib/paths';
import type { VendorProduct } from '@/features/products/api/vendor-product-types';
import { useCategoryChoices } from '@/features/products/api/vendor-products';
import { DigitalFileSection, DigitalFileSummary, type FileChanged } from '@/features/products/components/editor-digital-file';
import { PicturesSection, VideosSection } from '@/features/products/components/editor-media';
import type { ProductEditorSource } from '@/features/products/components/editor-source';
import { VariationsSection, type ErrorFor } from '@/features/products/components/editor-variations';
import {
  charCount,
  emptyFormValues,
  fieldErrorsOf,
  fieldMessage,
  formValuesFrom,
  LIMITS,
  productBody,
  productFormSchema,
  summaryLine,
  type ProductFormValues,
} from '@/features/products/lib/product-form';
import { productStatus } from '@/features/products/lib/product-status';
import { groupsFromVariations, type AttributeGroup } from '@/features/products/lib/variation-builder';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** Why the last save did not go through. */
type Problem =
  | { kind: 'fields'; lines: string[] }
  | { kind: 'stale'; message: string }
  | { kind: 'agreement_required'; message: string }
  | { kind: 'store_suspended'; message: string }
  | { kind: 'other'; message: string };

function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) {
    if (error.status === 409 && (error.code === 'stale' || error.code === 'agreement_required' || error.code === 'store_suspended')) {
      return { kind: error.code, message: error.message };
    }
  }
  return { kind: 'other', message: errorMessage(error, 'The product could not be saved. Please try again.') };
}

/**
 * The product editor (/vendor/products/new/, /vendor/products/{id}/edit/ and, for admins,
 * /admin/products/{id}/edit/): basics, pricing, type, pictures, videos, stock and variations,
 * search engine texts and status. Each save sends the whole product with the version it was read
 * at; the answer becomes the form (and the next version). A product changed by someone else in
 * between is not overwritten: the editor says so and offers the latest version instead.
 *
 * `source` is where it saves and picks from (the vendor's catalogue or an admin's view of a
 * store's); `reload` reads the product again (for "Load the latest version"); none for a new product.
 */
export function ProductEditor({
  product,
  source,
  reload,
}: {
  product: VendorProduct | null;
  source: ProductEditorSource;
  reload?: () => Promise<VendorProduct | undefined>;
}) {
  const router = useRouter();
  /** The product as last read or saved: the form's version, status and address. */
  const [base, setBase] = useState<VendorProduct | null>(product);
  const [groups, setGroups] = useState<AttributeGroup[]>(() => groupsFromVariations(product?.variations ?? []));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [reloading, setReloading] = useState(false);
  const [fileBusy, setFileBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? formValuesFrom(product) : emptyFormValues(),
  });
  const {
    handleSubmit,
    reset,
    watch,
    formState: { isSubmitting, isDirty },
  } = form;
  const digital = watch('product_type') === 'digital';

  // A problem from the server is brought into view: the first field it names, else the message.
  useEffect(() => {
    if (!problem) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? problemRef.current)?.focus();
  }, [problem]);

  const startFrom = (saved: VendorProduct) => {
    setBase(saved);
    reset(formValuesFrom(saved));
    setGroups(groupsFromVariations(saved.variations));
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors({});
    setProblem(null);
    try {
      const saved = await source.save({ id: base?.id ?? null, body: productBody(values, base?.version ?? null) });
      const created = base === null;
      setBase(saved);
      reset(formValuesFrom(saved));
      const waiting = saved.status === 'pending_review' && values.status === 'active';
      toast.success(created ? 'Product created' : 'Product saved', waiting ? { description: source.pendingReview } : undefined);
      if (created) router.replace(source.editPath(saved.id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fields = fieldErrorsOf(error.fields);
        const lines = Object.entries(fields).map(([field, message]) => summaryLine(field, message));
        setServerErrors(fields);
        setProblem({ kind: 'fields', lines: lines.length > 0 ? lines : [error.message] });
      } else {
        setProblem(problemOf(error));
      }
    }
  });

  // An upload or removal moves the product's version on (by one) and changes nothing else: the
  // form's changes stay, and the next save names the new version. Had someone else changed the
  // product meanwhile, the version read again is further on: the next save then says so (stale).
  const fileChanged: FileChanged = useCallback(({ file, latest }) => {
    setBase((previous) => {
      if (previous === null) return previous;
      const next = previous.version + 1;
      if (latest && latest.version === next) {
        return { ...previous, version: latest.version, digital_file: latest.digital_file, updated_at: latest.updated_at };
      }
      return { ...previous, version: next, digital_file: latest ? latest.digital_file : file };
    });
  }, []);

  const loadLatest = async () => {
    if (!reload) return;
    setReloading(true);
    try {
      const latest = await reload();
      if (latest) {
        startFrom(latest);
        setServerErrors({});
        setProblem(null);
        toast.success('The latest version is loaded');
      }
    } catch (error) {
      setProblem({ kind: 'other', message: errorMessage(error, 'The product could not be loaded. Please try again.') });
    } finally {
      setReloading(false);
    }
  };

  const errorFor: ErrorFor = (apiField, clientMessage) => {
    if (clientMessage) return clientMessage;
    const message = serverErrors[apiField];
    return message === undefined ? undefined : fieldMessage(apiField, message);
  };

  const busy = isSubmitting || source.saving;
  const status = base ? productStatus(base.status) : null;

  return (
    <>
      <PageHeader
        title={source.storeName !== null ? 'Edit product' : base ? base.name : 'New product'}
        description={
          base ? (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {source.storeName !== null ? (
                <span className="font-medium text-neutral-900" data-testid="edited-in-store">
                  {base.name} in {source.storeName}
                </span>
              ) : null}
              {status ? <StatusBadge label={status.label} tone={status.tone} /> : null}
              <span>{base.listed ? 'Listed: shoppers can find and buy it.' : 'Not listed: shoppers do not see it.'}</span>
              {base.listed ? <ShopLink slug={base.slug} newTab={source.shopLinkNewTab} /> : null}
            </span>
          ) : (
            'Fill in what shoppers see; save it as a draft until it is ready.'
          )
        }
        actions={
          <Link href={source.listPath} className={`inline-flex items-center gap-1.5 text-sm ${LINK}`}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            All products
          </Link>
        }
      />
      <FormProvider {...form}>
        <form
          ref={formRef}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label={base ? 'Edit product' : 'New product'}
          className="flex flex-col gap-6"
        >
          {problem ? (
            <SaveProblem
              ref={problemRef}
              problem={problem}
              source={source}
              onReload={reload ? () => void loadLatest() : undefined}
              reloading={reloading}
            />
          ) : null}
          {base?.status === 'pending_review' ? (
            <p
              role="status"
              className="rounded-md border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200"
              data-testid="pending-review"
            >
              {source.pendingReview}
            </p>
          ) : null}

          <BasicsSection errorFor={errorFor} currentCategory={base?.category ?? ''} />
          <PricingSection errorFor={errorFor} />
          <TypeSection errorFor={errorFor} />
          {digital ? (
            source.fileUploads ? (
              <DigitalFileSection product={base} saving={busy} onChanged={fileChanged} onBusyChange={setFileBusy} />
            ) : (
              <DigitalFileSummary product={base} />
            )
          ) : null}
          <PicturesSection error={errorFor('images')} picker={source.picturePicker} library={source.library} />
          <VideosSection error={errorFor('videos')} library={source.library} />
          <VariationsSection groups={groups} onGroupsChange={setGroups} errorFor={errorFor} platform={source.attributes} />
          <SeoSection errorFor={errorFor} />
          <StatusSection errorFor={errorFor} current={base?.status ?? null} statuses={source.statuses} />

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={busy || reloading || fileBusy} className="h-11 min-w-36">
              {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              {busy ? 'Saving…' : base ? 'Save product' : 'Create product'}
            </Button>
            {isDirty && !busy ? (
              <p className="text-sm text-neutral-600" data-testid="unsaved-changes">
                You have unsaved changes.
              </p>
            ) : null}
          </div>
        </form>
      </FormProvider>
    </>
  );
}

/** "View in the shop": the product's page, in a new tab when the editor is outside the shop's own area. */
function ShopLink({ slug, newTab }: { slug: string; newTab: boolean }) {
  const className = `inline-flex items-center gap-1 ${LINK}`;
  if (!newTab) {
    return (
      <Link href={productPath(slug)} className={className}>
        View in the shop
        <ExternalLink aria-hidden="true" className="size-4" />
      </Link>
    );
  }
  return (
    <a href={productPath(slug)} target="_blank" rel="noopener noreferrer" className={className}>
      View in the shop
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only">{' (opens in a new tab)'}</span>
    </a>
  );
}

function SaveProblem({
  ref,
  problem,
  source,
  onReload,
  reloading,
}: {
  ref: Ref<HTMLDivElement>;
  problem: Problem;
  source: Pick<ProductEditorSource, 'publishRefusal'>;
  onReload?: () => void;
  reloading: boolean;
}) {
  let body: ReactNode;
  switch (problem.kind) {
    case 'fields':
      body = (
        <>
          <p className="font-semibold">The product was not saved: some fields need attention.</p>
          <ul className="mt-1 list-disc pl-5">
            {problem.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      );
      break;
    case 'stale':
      body = (
        <>
          <p className="font-semibold">{problem.message}</p>
          <p className="mt-1">Your changes were not saved. Loading the latest version replaces what you changed here.</p>
          {onReload ? (
            <Button variant="secondary" className="mt-3 h-10" onClick={onReload} disabled={reloading}>
              {reloading ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              Load the latest version
            </Button>
          ) : null}
        </>
      );
      break;
    case 'agreement_required':
    case 'store_suspended':
      body = source.publishRefusal(problem.kind, problem.message);
      break;
    case 'other':
      body = <p>{problem.message}</p>;
  }
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="rounded-md border border-sale/40 bg-red-50 px-4 py-3 text-sm text-red-900 outline-none dark:bg-red-950 dark:text-red-200"
      data-testid="save-problem"
    >
      {body}
    </div>
  );
}

function BasicsSection({ errorFor, currentCategory }: { errorFor: ErrorFor; currentCategory: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const categories = useCategoryChoices();
  const loaded = categories.data ?? [];
  // The product's category is a choice from the start (and stays one when the shop's list does
  // not have it): keyed by slug, its option stays selected when the list arrives.
  const choices =
    currentCategory === '' || loaded.some((choice) => choice.slug === currentCategory)
      ? loaded
      : [{ slug: currentCategory, name: currentCategory }, ...loaded];

  return (
    <Panel title="Basics">
      <div className="flex flex-col gap-5">
        <FormField label="Name" error={errorFor('name', errors.name?.message)}>
          <Input type="text" {...register('name')} />
        </FormField>
        <FormField
          label="Address"
          hint="The end of the product's web address, like ovr-aero-tee. Leave it empty to make it from the name."
          error={errorFor('slug', errors.slug?.message)}
        >
          <Input type="text" autoCapitalize="none" autoCorrect="off" spellCheck={false} {...register('slug')} />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Brand" error={errorFor('brand', errors.brand?.message)}>
            <Input type="text" {...register('brand')} />
          </FormField>
          <FormField
            label="Category"
            hint={categories.isError ? 'The categories could not be loaded.' : undefined}
            error={errorFor('category', errors.category?.message)}
          >
            <Select {...register('category')}>
              <option value="">No category</option>
              {choices.map((choice) => (
                <option key={choice.slug} value={choice.slug}>
                  {choice.name}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField label="Description" error={errorFor('description', errors.description?.message)}>
          <Textarea rows={6} {...register('description')} />
        </FormField>
      </div>
    </Panel>
  );
}

function PricingSection({ errorFor }: { errorFor: ErrorFor }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  return (
    <Panel title="Pricing" description="In rand, VAT included, like 499.00.">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Price (R)" error={errorFor('price', errors.price?.message)}>
          <Input type="text" inputMode="decimal" placeholder="499.00" {...register('price')} />
        </FormField>
        <FormField
          label="Sale price (R)"
          hint="Leave it empty when the product is not on sale. It must be lower than the price."
          error={errorFor('sale_price', errors.sale_price?.message)}
        >
          <Input type="text" inputMode="decimal" {...register('sale_price')} />
        </FormField>
      </div>
      <fieldset className="mt-5 flex flex-col gap-3" data-testid="sale-window">
        <legend className="text-sm font-medium text-neutral-800">Sale window (optional)</legend>
        <p className="text-xs text-neutral-500">
          When the sale price counts, in your local time. Leave both empty for a sale that runs until you remove the
          sale price.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Sale starts"
            hint="Empty: from now."
            error={errorFor('sale_starts_at', errors.sale_starts_at?.message)}
          >
            <Input type="datetime-local" {...register('sale_starts_at')} />
          </FormField>
          <FormField label="Sale ends" hint="Empty: no end." error={errorFor('sale_ends_at', errors.sale_ends_at?.message)}>
            <Input type="datetime-local" {...register('sale_ends_at')} />
          </FormField>
        </div>
      </fieldset>
    </Panel>
  );
}

function TypeSection({ errorFor }: { errorFor: ErrorFor }) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const digital = watch('product_type') === 'digital';
  const typeError = errorFor('product_type');
  return (
    <Panel title="Type">
      <div className="flex flex-col gap-5">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-neutral-800">What is it?</legend>
          <RadioOption field={register('product_type')} value="physical" label="Physical" hint="Shipped to the customer." />
          <RadioOption field={register('product_type')} value="digital" label="Digital" hint="Delivered without shipping." />
          {typeError ? <p className="text-sm font-medium text-sale">{typeError}</p> : null}
        </fieldset>
        {digital ? (
          <div className="max-w-xs">
            <FormField
              label="Purchase limit"
              hint="How many one customer may own. Leave it empty for no limit."
              error={errorFor('max_owned_per_user', errors.max_owned_per_user?.message)}
            >
              <Input type="text" inputMode="numeric" {...register('max_owned_per_user')} />
            </FormField>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}

function SeoSection({ errorFor }: { errorFor: ErrorFor }) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const title = charCount(watch('seo_title').trim());
  const description = charCount(watch('seo_description').trim());
  return (
    <Panel title="Search engines" description="How the product's page reads in search results. Empty: its name and description.">
      <div className="flex flex-col gap-5">
        <FormField
          label="SEO title"
          hint={<Counter count={title} max={LIMITS.seoTitle} />}
          error={errorFor('seo_title', errors.seo_title?.message)}
        >
          <Input type="text" {...register('seo_title')} />
        </FormField>
        <FormField
          label="SEO description"
          hint={<Counter count={description} max={LIMITS.seoDescription} />}
          error={errorFor('seo_description', errors.seo_description?.message)}
        >
          <Textarea rows={3} className="min-h-20" {...register('seo_description')} />
        </FormField>
      </div>
    </Panel>
  );
}

function Counter({ count, max }: { count: number; max: number }) {
  return (
    <span className={count > max ? 'font-medium text-sale' : undefined} data-testid="char-counter">
      {count} of {max} characters
    </span>
  );
}

function StatusSection({
  errorFor,
  current,
  statuses,
}: {
  errorFor: ErrorFor;
  current: string | null;
  statuses: ProductEditorSource['statuses'];
}) {
  const { register } = useFormContext<ProductFormValues>();
  const error = errorFor('status');
  return (
    <Panel
      title="Status"
      description={current === 'archived' ? 'This product is archived. Saving it gives it the status chosen here.' : undefined}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Status</legend>
        {statuses.map((option) => (
          <RadioOption key={option.value} field={register('status')} value={option.value} label={option.label} hint={option.hint} />
        ))}
        {error ? <p className="text-sm font-medium text-sale">{error}</p> : null}
      </fieldset>
    </Panel>
  );
}

function RadioOption({
  field,
  value,
  label,
  hint,
}: {
  field: UseFormRegisterReturn;
  value: string;
  label: string;
  hint: string;
}) {
  return (
    <label className="flex items-start gap-3 rounded-md border border-neutral-200 px-3 py-2.5 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
      <input type="radio" value={value} className="mt-0.5 size-4 shrink-0 accent-brand-700" {...field} />
      <span>
        <span className="block font-medium text-neutral-900">{label}</span>
        <span className="block text-neutral-600">{hint}</span>
      </span>
    </label>
  );
}
