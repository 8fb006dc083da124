'use client';

import { useId, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Tabs from '@radix-ui/react-tabs';
import { ExternalLink, Loader2, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { Panel, errorMessage } from '@/components/area/area-states';
import { StatusBadge } from '@/components/area/status-badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/selling/statuses';
import {
  useDeleteHelpArticle,
  useHelpPreview,
  useSaveHelpArticle,
  type AdminHelpArticle,
  type AdminHelpCategory,
} from '@/features/help/api/admin-help';
import { FormErrors, SwitchInput } from '@/features/help/components/admin-form-bits';
import { HelpProse } from '@/features/help/components/help-prose';
import { adminHelpHref, type AdminHelpParams } from '@/features/help/lib/admin-help-params';
import { helpArticleHref } from '@/features/help/lib/help-paths';
import {
  ARTICLE_FIELDS,
  HELP_LIMITS,
  articleFormValues,
  articleInput,
  articleSchema,
  slugify,
  splitFieldErrors,
  type ArticleFormInput,
  type ArticleFormValues,
} from '@/features/help/lib/help-schemas';

type BodyTab = 'write' | 'preview';

const TAB =
  '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-neutral-600 hover:text-neutral-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-700';

/**
 * The article editor (/admin/help/?article=<id>, or `new`): title, slug, category, summary, the
 * Markdown body with a preview rendered by the server as the help centre will show it, published
 * or draft, and position. A new article, once created, opens here as itself.
 */
export function ArticleEditor({
  article,
  categories,
  params,
}: {
  /** The article to change; none for a new one. */
  article?: AdminHelpArticle;
  categories: readonly AdminHelpCategory[];
  params: AdminHelpParams;
}) {
  const router = useRouter();
  const id = useId();
  const save = useSaveHelpArticle();
  const [tab, setTab] = useState<BodyTab>('write');
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    watch,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ArticleFormInput, unknown, ArticleFormValues>({
    resolver: zodResolver(articleSchema),
    defaultValues: articleFormValues(
      article,
      params.category && categories.some((category) => category.id === params.category) ? params.category : '',
    ),
  });
  const listHref = adminHelpHref({ ...params, article: null });

  const onSubmit = handleSubmit(
    async (values) => {
      setFormErrors([]);
      try {
        const { article: saved } = await save.mutateAsync({ id: article?.id ?? null, input: articleInput(values) });
        if (article) {
          reset(articleFormValues(saved));
          toast.success(saved.published ? 'Article saved and published' : 'Article saved as a draft');
        } else {
          toast.success(saved.published ? 'Article created and published' : 'Article created as a draft');
          router.replace(adminHelpHref({ ...params, article: saved.id }), { scroll: false });
        }
      } catch (error) {
        if (error instanceof ApiError && error.status === 400 && error.fields) {
          const { byField, other } = splitFieldErrors(error.fields, ARTICLE_FIELDS);
          for (const [name, message] of byField) setError(name, { message });
          const first = byField[0];
          if (first) {
            if (first[0] === 'body') setTab('write');
            setFocus(first[0]);
          }
          setFormErrors(byField.length === 0 ? [error.message, ...other] : other);
        } else if (error instanceof ApiError && error.status === 409) {
          // The one conflict an article's fields can make: its slug is another's.
          setError('slug', { message: error.message }, { shouldFocus: true });
        } else {
          setFormErrors([errorMessage(error, 'The article could not be saved. Please try again.')]);
        }
      }
    },
    (invalid) => {
      if (invalid.body) setTab('write');
    },
  );

  const busy = isSubmitting || save.isPending;
  const title = watch('title');
  const slug = watch('slug');
  const published = watch('published');

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={article ? `Edit ${article.title}` : 'New article'}
      className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start"
      data-testid="help-article-editor"
    >
      <div className="flex flex-col gap-5">
        <FormErrors messages={formErrors} />
        <Panel>
          <div className="flex flex-col gap-4">
            <FormField label="Title" error={errors.title?.message}>
              <Input type="text" autoComplete="off" maxLength={HELP_LIMITS.title} {...register('title')} />
            </FormField>
            <FormField
              label="Slug"
              hint={
                slug.trim()
                  ? `The article's address: ${helpArticleHref(slug.trim())}`
                  : `Left empty, it is made from the title: ${slugify(title) || '…'}.`
              }
              error={errors.slug?.message}
            >
              <Input type="text" autoComplete="off" spellCheck={false} maxLength={HELP_LIMITS.slug} {...register('slug')} />
            </FormField>
            <FormField label="Summary" hint="Optional, up to 300 characters: shown in lists and search results." error={errors.summary?.message}>
              <Textarea rows={2} className="min-h-16" maxLength={HELP_LIMITS.summary} {...register('summary')} />
            </FormField>
            <Tabs.Root value={tab} onValueChange={(value) => setTab(value === 'preview' ? 'preview' : 'write')} className="flex flex-col gap-1.5">
              <div className="flex flex-wrap items-end justify-between gap-2 border-b border-neutral-200">
                <label htmlFor={`${id}-body`} className="pb-2 text-sm font-medium text-neutral-800">
                  Body
                </label>
                <Tabs.List aria-label="Body view" className="flex gap-1">
                  <Tabs.Trigger value="write" className={TAB}>
                    Write
                  </Tabs.Trigger>
                  <Tabs.Trigger value="preview" className={TAB}>
                    Preview
                  </Tabs.Trigger>
                </Tabs.List>
              </div>
              {/* Kept mounted while previewing, so the field keeps its place in the form. */}
              <Tabs.Content value="write" forceMount className="data-[state=inactive]:hidden">
                <Textarea
                  id={`${id}-body`}
                  rows={16}
                  className="min-h-72 font-mono"
                  aria-invalid={errors.body ? true : undefined}
                  aria-describedby={`${id}-body-hint${errors.body ? ` ${id}-body-error` : ''}`}
                  {...register('body')}
                />
              </Tabs.Content>
              <Tabs.Content value="preview">
                <BodyPreview body={getValues('body')} active={tab === 'preview'} />
              </Tabs.Content>
              <p id={`${id}-body-hint`} className="text-xs text-neutral-500">
                Markdown: ## for a heading, **bold**, *italic*, - for a list, [text](https://…) for a link. HTML is not
                allowed.
              </p>
              {errors.body?.message ? (
                <p id={`${id}-body-error`} className="text-sm font-medium text-sale">
                  {errors.body.message}
                </p>
              ) : null}
            </Tabs.Root>
          </div>
        </Panel>
      </div>

      <div className="flex flex-col gap-5">
        <Panel title={article ? 'Article' : 'New article'}>
          <div className="flex flex-col gap-4">
            <FormField
              label="Category"
              hint={categories.length === 0 ? 'Add a category first, beside the list of articles.' : undefined}
              error={errors.category_id?.message}
            >
              <Select {...register('category_id')}>
                <option value="">None chosen</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Position" hint="Within its category; smaller comes first. Left empty, it goes last." error={errors.position?.message}>
              <Input type="text" inputMode="numeric" autoComplete="off" className="w-32" {...register('position')} />
            </FormField>
            <SwitchInput
              label="Published"
              hint={published ? 'Shown in the help centre.' : 'A draft: only admins see it, here.'}
              {...register('published')}
            />
            {article ? (
              <dl className="flex flex-col gap-1 text-sm text-neutral-700">
                <div className="flex items-center gap-2">
                  <dt className="sr-only">Status</dt>
                  <dd>
                    <StatusBadge label={article.published ? 'Published' : 'Draft'} tone={article.published ? 'success' : 'neutral'} />
                  </dd>
                </div>
                <div>
                  <dt className="inline">Updated </dt>
                  <dd className="inline">
                    <time dateTime={article.updated_at}>{formatDateTime(article.updated_at)}</time>
                  </dd>
                </div>
                <div>
                  <dt className="inline">Votes </dt>
                  <dd className="inline tabular-nums">
                    {article.helpful_yes} helpful, {article.helpful_no} not helpful
                  </dd>
                </div>
              </dl>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" className="h-11" disabled={busy || (article !== undefined && !isDirty)}>
                {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
                {article ? 'Save changes' : 'Create article'}
              </Button>
              <Link href={listHref} className={buttonClasses('secondary', 'h-11')}>
                {article && !isDirty ? 'Back to the list' : 'Cancel'}
              </Link>
            </div>
            {article?.published ? (
              <Link
                href={helpArticleHref(article.slug)}
                className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                View in the help centre
              </Link>
            ) : null}
          </div>
        </Panel>
        {article ? <DeleteArticle article={article} listHref={listHref} /> : null}
      </div>
    </form>
  );
}

function BodyPreview({ body, active }: { body: string; active: boolean }) {
  const blank = body.trim() === '';
  const preview = useHelpPreview(body, active && !blank);
  if (blank) return <p className="min-h-72 rounded-md border border-neutral-200 p-4 text-sm text-neutral-600">Nothing to preview yet.</p>;
  return (
    <div className="min-h-72 rounded-md border border-neutral-200 bg-white p-4" aria-busy={preview.isFetching || undefined} data-testid="help-preview">
      {preview.data !== undefined ? (
        <HelpProse html={preview.data} />
      ) : preview.isError ? (
        <p role="alert" className="text-sm font-medium text-sale">
          {errorMessage(preview.error, 'The preview could not be made. Please try again.')}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <span className="sr-only" role="status">
            Making the preview
          </span>
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      )}
    </div>
  );
}

function DeleteArticle({ article, listHref }: { article: AdminHelpArticle; listHref: string }) {
  const router = useRouter();
  const remove = useDeleteHelpArticle();
  const confirm = useConfirmState();
  return (
    <Panel title="Delete" description="The article and its votes go for good.">
      <ConfirmDialog
        open={confirm.open}
        onOpenChange={confirm.onOpenChange}
        trigger={
          <Button variant="secondary" className="h-10">
            <Trash2 aria-hidden="true" className="size-4" />
            Delete article
          </Button>
        }
        title={`Delete “${article.title}”?`}
        description="It disappears from the help centre, with its votes. This cannot be undone."
        confirmLabel="Delete article"
        pending={remove.isPending}
        error={confirm.error}
        testId="delete-article-dialog"
        onConfirm={() =>
          remove.mutate(article.id, {
            onSuccess: () => {
              confirm.close();
              toast.success('Article deleted');
              router.replace(listHref, { scroll: false });
            },
            onError: (error) => confirm.setError(errorMessage(error, 'The article could not be deleted. Please try again.')),
          })
        }
      />
    </Panel>
  );
}
