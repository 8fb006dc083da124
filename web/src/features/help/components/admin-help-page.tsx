'use client';

import { Suspense } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { ArrowLeft, Plus } from 'lucide-react';
import { EmptyState, ErrorState, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { buttonClasses } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useMounted } from '@/lib/use-mounted';
import { useAdminHelpArticle, useAdminHelpCategories } from '@/features/help/api/admin-help';
import { HelpArticlesList } from '@/features/help/components/admin-help-articles';
import { HelpCategoriesPanel } from '@/features/help/components/admin-help-categories';
import { ArticleEditor } from '@/features/help/components/article-editor';
import {
  adminHelpHref,
  adminHelpParamsFrom,
  isRecordId,
  NEW_ARTICLE,
  type AdminHelpParams,
} from '@/features/help/lib/admin-help-params';
import { HELP_PATH } from '@/features/help/lib/help-paths';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /admin/help/: the help centre's articles (filtered by category and searched, `?category=…&q=…`)
 * beside its categories; `?article=<id>` (or `new`) opens the editor in place of the list,
 * keeping the filters for the way back.
 */
export function AdminHelpPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading the help centre" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading the help centre" />;
  const params = adminHelpParamsFrom(searchParams);
  return params.article ? <EditorView params={params} /> : <ListView params={params} />;
}

function ListView({ params }: { params: AdminHelpParams }) {
  return (
    <>
      <PageHeader
        title="Help centre"
        description={
          <>
            The articles and categories of the{' '}
            <Link href={HELP_PATH} className={LINK}>
              help centre
            </Link>
            . Drafts are seen only here.
          </>
        }
        actions={
          <Link href={adminHelpHref({ ...params, article: NEW_ARTICLE })} className={buttonClasses('primary', 'h-11')}>
            <Plus aria-hidden="true" className="size-4" />
            New article
          </Link>
        }
      />
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] 2xl:items-start">
        <HelpArticlesList params={params} />
        <HelpCategoriesPanel />
      </div>
    </>
  );
}

function EditorView({ params }: { params: AdminHelpParams }) {
  const article = params.article ?? NEW_ARTICLE;
  return (
    <>
      <p className="mb-4">
        <Link
          href={adminHelpHref({ ...params, article: null })}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All articles
        </Link>
      </p>
      {article === NEW_ARTICLE ? (
        <NewArticle params={params} />
      ) : isRecordId(article) ? (
        <ExistingArticle key={article} id={article} params={params} />
      ) : (
        <ArticleNotFound params={params} />
      )}
    </>
  );
}

function NewArticle({ params }: { params: AdminHelpParams }) {
  const categories = useAdminHelpCategories();
  if (categories.data === undefined) {
    if (categories.isError) {
      return (
        <>
          <PageHeader title="New article" />
          <ErrorState error={categories.error} onRetry={() => void categories.refetch()} retrying={categories.isFetching} />
        </>
      );
    }
    return <PageSkeleton label="Loading the editor" />;
  }
  return (
    <>
      <PageHeader title="New article" description="Write it in Markdown; it shows in the help centre once published." />
      <ArticleEditor categories={categories.data} params={params} />
    </>
  );
}

function ExistingArticle({ id, params }: { id: string; params: AdminHelpParams }) {
  const article = useAdminHelpArticle(id);
  const categories = useAdminHelpCategories();
  if (article.data === undefined || categories.data === undefined) {
    const failed = article.isError ? article : categories.isError ? categories : null;
    if (failed === null) return <PageSkeleton label="Loading the article" />;
    if (failed.error instanceof ApiError && (failed.error.isNotFound || failed.error.status === 400)) {
      return <ArticleNotFound params={params} />;
    }
    return (
      <>
        <PageHeader title="Article" />
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={article.data.title} description={`In ${article.data.category_name}`} />
      <ArticleEditor key={article.data.id} article={article.data} categories={categories.data} params={params} />
    </>
  );
}

function ArticleNotFound({ params }: { params: AdminHelpParams }) {
  return (
    <>
      <PageHeader title="Article" />
      <EmptyState title="Article not found">
        <p className="text-sm text-neutral-600">There is no article with this id; it may have been deleted.</p>
        <Link href={adminHelpHref({ ...params, article: null })} className={LINK}>
          See every article
        </Link>
      </EmptyState>
    </>
  );
}
