'use client';

import { Suspense, useEffect } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { pathSegmentAfter } from '@/lib/path-segment';
import { useSiteName } from '@/lib/public-settings';
import { formatDate } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import { useHelpArticle, type HelpArticleDetail } from '@/features/help/api/help';
import { ArticleFeedback } from '@/features/help/components/article-feedback';
import { HelpProse } from '@/features/help/components/help-prose';
import { CONTACT_PATH, HELP_ARTICLE_PREFIX, HELP_PATH, helpArticleHref, helpCategoryHref } from '@/features/help/lib/help-paths';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * /help/article/{slug}/: exported once as /help/article/_/ and served for every article, so the
 * slug comes from the location, after mount (the exported HTML is the same for every article).
 */
export function HelpArticlePage() {
  return (
    <Suspense fallback={<ArticleSkeleton />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const pathname = usePathname();
  const mounted = useMounted();
  if (!mounted) return <ArticleSkeleton />;
  const slug = pathSegmentAfter(pathname, HELP_ARTICLE_PREFIX);
  if (slug === null) return <ArticleNotFound />;
  return <ArticleLoader key={slug} slug={slug} />;
}

function ArticleSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" aria-busy="true" data-testid="help-article-skeleton">
      <span className="sr-only" role="status">
        Loading the article
      </span>
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-10 w-3/4" />
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-4 h-64 w-full" />
    </div>
  );
}

function ArticleLoader({ slug }: { slug: string }) {
  const siteName = useSiteName();
  const { data, isPending, isError, error, refetch, isFetching } = useHelpArticle(slug);
  const title = data?.article.title;

  useEffect(() => {
    if (title) document.title = `${title} | ${siteName}`;
  }, [title, siteName]);

  if (isPending) return <ArticleSkeleton />;
  if (isError) {
    if (error instanceof ApiError && error.isNotFound) return <ArticleNotFound />;
    return (
      <MessagePanel title="This article could not be loaded" headingLevel="h1" className="mx-auto max-w-lg">
        <p className="text-neutral-600">Something went wrong on our side. Please try again.</p>
        <Button onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </MessagePanel>
    );
  }
  return <ArticleView detail={data} />;
}

function ArticleView({ detail }: { detail: HelpArticleDetail }) {
  const { article, related } = detail;
  return (
    <article className="mx-auto w-full max-w-3xl" data-testid="help-article">
      <nav aria-label="Breadcrumb" className="mb-4">
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-neutral-600">
          <li>
            <Link href={HELP_PATH} className="underline-offset-4 hover:text-brand-700 hover:underline">
              Help centre
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li>
            <Link href={helpCategoryHref(article.category.slug)} className="underline-offset-4 hover:text-brand-700 hover:underline">
              {article.category.name}
            </Link>
          </li>
        </ol>
      </nav>
      <header className="border-b border-neutral-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-neutral-900 sm:text-4xl">{article.title}</h1>
        {article.summary ? <p className="mt-3 text-lg leading-8 text-neutral-600">{article.summary}</p> : null}
        <p className="mt-3 text-sm text-neutral-600" data-testid="help-article-updated">
          Last updated <time dateTime={article.updated_at}>{formatDate(article.updated_at)}</time>
        </p>
      </header>
      <HelpProse html={article.html} className="mt-8" testId="help-article-body" />
      <div className="mt-10 flex flex-col gap-10">
        <ArticleFeedback article={article} />
        {related.length > 0 ? (
          <section aria-labelledby="help-related-heading">
            <h2 id="help-related-heading" className="text-xl font-semibold tracking-tight text-neutral-900">
              Related articles
            </h2>
            <ul className="mt-3 flex flex-col gap-3" data-testid="help-related">
              {related.map((item) => (
                <li key={item.slug}>
                  <Link href={helpArticleHref(item.slug)} className={LINK}>
                    {item.title}
                  </Link>
                  {item.summary ? <p className="mt-0.5 text-sm text-neutral-600">{item.summary}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="text-sm text-neutral-600">
          Still need help?{' '}
          <Link href={CONTACT_PATH} className={LINK}>
            Contact us
          </Link>
        </p>
      </div>
    </article>
  );
}

function ArticleNotFound() {
  return (
    <MessagePanel title="Article not found" headingLevel="h1" className="mx-auto max-w-lg">
      <p className="text-neutral-600">This help article does not exist or has moved.</p>
      <Link href={HELP_PATH} className={LINK}>
        Back to the help centre
      </Link>
    </MessagePanel>
  );
}
