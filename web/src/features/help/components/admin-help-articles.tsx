'use client';

import { useId, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Search, ThumbsDown, ThumbsUp } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatDate } from '@/lib/selling/statuses';
import {
  useAdminHelpArticles,
  useAdminHelpCategories,
  type AdminHelpArticleRow,
} from '@/features/help/api/admin-help';
import { adminHelpHref, hasArticleFilters, NEW_ARTICLE, type AdminHelpParams } from '@/features/help/lib/admin-help-params';
import { ADMIN_HELP_PATH } from '@/features/help/lib/help-paths';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** The articles, filtered by category (at once) and searched (when submitted), the filters in the URL. */
export function HelpArticlesList({ params }: { params: AdminHelpParams }) {
  const router = useRouter();
  const { data, isPending, isError, error, refetch, isFetching } = useAdminHelpArticles({
    category: params.category,
    q: params.q,
  });
  const apply = (next: AdminHelpParams) => router.replace(adminHelpHref({ ...next, article: null }), { scroll: false });
  const filtered = hasArticleFilters(params);

  return (
    <section aria-labelledby="help-articles-heading" className="flex flex-col gap-4">
      <h2 id="help-articles-heading" className="text-lg font-semibold text-neutral-900">
        Articles
      </h2>
      <ArticleFilters key={adminHelpHref(params)} params={params} onApply={apply} />
      {isPending ? (
        <ListSkeleton label="Loading articles" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.articles.length === 0 ? (
        <EmptyState title="No articles here">
          <p className="text-neutral-600">
            {params.q ? `Nothing matches “${params.q}”.` : filtered ? 'No article is in this category.' : 'No articles yet.'}
          </p>
          {filtered ? (
            <Link href={ADMIN_HELP_PATH} className={LINK}>
              Clear the filters
            </Link>
          ) : (
            <Link href={adminHelpHref({ ...params, article: NEW_ARTICLE })} className={LINK}>
              Write the first one
            </Link>
          )}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-neutral-600" aria-live="polite" data-testid="help-articles-count">
            {data.articles.length === 1 ? '1 article' : `${data.articles.length} articles`}
          </p>
          <ArticlesTable rows={data.articles} params={params} updating={isFetching} />
        </>
      )}
    </section>
  );
}

function ArticleFilters({ params, onApply }: { params: AdminHelpParams; onApply: (next: AdminHelpParams) => void }) {
  const id = useId();
  const [q, setQ] = useState(params.q);
  const categories = useAdminHelpCategories();

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...params, q: q.trim() });
  }

  return (
    <form
      role="search"
      aria-label="Filter articles"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4"
      data-testid="help-article-filters"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-neutral-800">
            Search articles
          </label>
          <div className="flex gap-2">
            <Input
              id={`${id}-q`}
              type="search"
              placeholder="Title or summary"
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
            <Button type="submit" variant="secondary" className="h-11 shrink-0">
              <Search aria-hidden="true" className="size-4" />
              Search
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-category`} className="text-sm font-medium text-neutral-800">
            Category
          </label>
          <Select
            id={`${id}-category`}
            className="w-full"
            value={params.category}
            onChange={(event) => onApply({ ...params, q: q.trim(), category: event.target.value })}
          >
            <option value="">Every category</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
            {params.category && categories.data && !categories.data.some((category) => category.id === params.category) ? (
              <option value={params.category}>A category not listed</option>
            ) : null}
          </Select>
        </div>
      </div>
      {hasArticleFilters(params) ? (
        <p>
          <Link href={ADMIN_HELP_PATH} scroll={false} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            Clear filters
          </Link>
        </p>
      ) : null}
    </form>
  );
}

function ArticlesTable({ rows, params, updating }: { rows: AdminHelpArticleRow[]; params: AdminHelpParams; updating: boolean }) {
  const router = useRouter();
  return (
    <ScrollTable label="Articles" className="rounded-xl border border-neutral-200 bg-white">
      <table className="w-full min-w-2xl text-left text-sm" aria-busy={updating || undefined}>
        <caption className="sr-only">Help articles</caption>
        <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3">
              Title
            </th>
            <th scope="col" className="px-3 py-3">
              Category
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="px-3 py-3">
              Feedback
            </th>
            <th scope="col" className="px-3 py-3">
              Updated
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {rows.map((row) => {
            const href = adminHelpHref({ ...params, article: row.id });
            return (
              <tr
                key={row.id}
                className="cursor-pointer hover:bg-neutral-50"
                data-testid="help-article-row"
                // The title is the link (keyboard, new tab); the rest of the row is a larger target for the mouse.
                onClick={(event) => {
                  if (!(event.target instanceof Element && event.target.closest('a'))) router.push(href);
                }}
              >
                <td className="max-w-80 px-3 py-3">
                  <Link
                    href={href}
                    className="block truncate font-medium text-neutral-900 underline-offset-4 hover:text-brand-700 hover:underline"
                  >
                    {row.title}
                  </Link>
                  <span className="block truncate text-xs text-neutral-600">{row.slug}</span>
                </td>
                <td className="max-w-48 truncate px-3 py-3 text-neutral-700">{row.category_name}</td>
                <td className="px-3 py-3">
                  <StatusBadge label={row.published ? 'Published' : 'Draft'} tone={row.published ? 'success' : 'neutral'} />
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-neutral-700 tabular-nums" data-testid="help-article-votes">
                  <span aria-hidden="true" className="inline-flex items-center gap-1.5">
                    <ThumbsUp className="size-4 text-neutral-500" />
                    {row.helpful_yes}
                    <ThumbsDown className="ml-2 size-4 text-neutral-500" />
                    {row.helpful_no}
                  </span>
                  <span className="sr-only">
                    {row.helpful_yes} helpful, {row.helpful_no} not helpful
                  </span>
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-neutral-700">
                  <time dateTime={row.updated_at}>{formatDate(row.updated_at)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}
