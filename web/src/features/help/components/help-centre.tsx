'use client';

import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { FileText, Search } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { MessagePanel } from '@/components/ui/message-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useMounted } from '@/lib/use-mounted';
import { useHelpIndex, useHelpSearch, type HelpCategory, type HelpSearch } from '@/features/help/api/help';
import {
  CONTACT_PATH,
  HELP_QUERY_MAX,
  helpArticleHref,
  helpSearchHref,
  noMatchText,
} from '@/features/help/lib/help-paths';

/** The search runs once typing pauses this long. */
export const HELP_SEARCH_DEBOUNCE_MS = 300;

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/**
 * The help centre's own part of /help/: a search of the articles (the text kept in `?q=`, searched
 * as typing pauses) and, while nothing is searched, the categories with their articles. The
 * exported page is the same for every query, so `?q=` is read after mount.
 */
export function HelpCentre() {
  return (
    <Suspense fallback={<HelpCentreSkeleton />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <HelpCentreSkeleton />;
  return <HelpCentreView urlQ={(searchParams?.get('q') ?? '').trim().slice(0, HELP_QUERY_MAX)} />;
}

function HelpCentreSkeleton() {
  return (
    <div className="flex flex-col gap-8" aria-busy="true" data-testid="help-skeleton">
      <span className="sr-only" role="status">
        Loading the help centre
      </span>
      <Skeleton className="h-11 w-full" />
      <CategoriesSkeleton />
    </div>
  );
}

function CategoriesSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-hidden="true">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-40 w-full" />
      ))}
    </div>
  );
}

function HelpCentreView({ urlQ }: { urlQ: string }) {
  const router = useRouter();
  const id = useId();
  const [text, setText] = useState(urlQ);
  /** What is searched: the text once typing has paused (or at once, when submitted). */
  const [searched, setSearched] = useState(urlQ);
  /** The query this page last put in the address, to tell the back button's changes from its own. */
  const written = useRef(urlQ);
  const q = text.trim();

  // The address changed under the page (back, forward, a link): the box follows it.
  useEffect(() => {
    if (urlQ === written.current) return;
    written.current = urlQ;
    setText(urlQ);
    setSearched(urlQ);
  }, [urlQ]);

  useEffect(() => {
    const timer = setTimeout(() => setSearched(q), HELP_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  useEffect(() => {
    if (searched === written.current) return;
    written.current = searched;
    router.replace(helpSearchHref(searched), { scroll: false });
  }, [searched, router]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearched(q);
  }

  return (
    <div className="flex flex-col gap-8">
      <form role="search" aria-label="Help articles" onSubmit={submit} className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-neutral-800">
          Search help articles
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            maxLength={HELP_QUERY_MAX}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Try “refund” or “track my order”"
            onChange={(event) => setText(event.target.value)}
            className="block h-11 w-full rounded-md border border-neutral-300 bg-white px-3 text-base text-neutral-900 placeholder:text-neutral-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 sm:text-sm"
          />
          <Button type="submit" className="h-11 shrink-0">
            <Search aria-hidden="true" className="size-4" />
            Search
          </Button>
        </div>
      </form>
      {searched ? <SearchResults q={searched} /> : <HelpCategories />}
    </div>
  );
}

function SearchResults({ q }: { q: string }) {
  const { data, isError, error, refetch, isFetching, isPlaceholderData } = useHelpSearch(q);
  if (data === undefined) {
    if (isError) {
      return (
        <MessagePanel title="The search did not work">
          <p className="text-neutral-600">
            {error instanceof ApiError && error.isClientError ? error.message : 'Something went wrong on our side. Please try again.'}
          </p>
          <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </Button>
        </MessagePanel>
      );
    }
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          Searching
        </span>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  return <ResultList search={data} updating={isPlaceholderData} />;
}

function ResultList({ search, updating }: { search: HelpSearch; updating: boolean }) {
  const { q, results } = search;
  const count = results.length === 1 ? '1 article' : `${results.length} articles`;
  return (
    <section aria-labelledby="help-results-heading" aria-busy={updating || undefined} className={cn(updating && 'opacity-70')}>
      <h2 id="help-results-heading" className="sr-only">
        Search results
      </h2>
      <p role="status" className={cn('text-sm text-neutral-600', results.length === 0 && 'sr-only')} data-testid="help-results-count">
        {results.length === 0 ? noMatchText(q) : `${count} for “${q}”`}
      </p>
      {results.length === 0 ? (
        <div
          className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-neutral-300 bg-white px-6 py-10 text-center"
          data-testid="help-no-results"
        >
          <p className="text-lg font-semibold text-neutral-900">{noMatchText(q)}</p>
          <p className="text-neutral-600">
            Try other words, or{' '}
            <Link href={CONTACT_PATH} className={LINK}>
              contact us
            </Link>{' '}
            and we will help.
          </p>
        </div>
      ) : (
        <ul className="mt-3 flex flex-col gap-3" data-testid="help-results">
          {results.map((result) => (
            <li
              key={result.slug}
              className="rounded-lg border border-neutral-200 bg-white p-4 sm:p-5"
              data-testid="help-result"
            >
              <Link
                href={helpArticleHref(result.slug)}
                className="font-semibold text-neutral-900 underline-offset-4 hover:text-brand-700 hover:underline"
              >
                {result.title}
              </Link>
              {result.summary ? <p className="mt-1 text-sm text-neutral-600">{result.summary}</p> : null}
              <p className="mt-2">
                <span className="sr-only">In </span>
                <Badge tone="muted">{result.category.name}</Badge>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HelpCategories() {
  const { data, isPending, isError, refetch, isFetching } = useHelpIndex();
  const loaded = data !== undefined;

  // A link to a category (/help/#payments, an article's breadcrumb) lands before the categories
  // load: once they are there, its section is scrolled to.
  useEffect(() => {
    if (!loaded || window.location.hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(window.location.hash.slice(1));
    } catch {
      return;
    }
    document.getElementById(id)?.scrollIntoView();
  }, [loaded]);

  if (isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          Loading the help articles
        </span>
        <CategoriesSkeleton />
      </div>
    );
  }
  if (isError) {
    return (
      <MessagePanel title="The help articles could not be loaded">
        <p className="text-neutral-600">Something went wrong on our side. Please try again.</p>
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </MessagePanel>
    );
  }
  if (data.categories.length === 0) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="help-categories">
      {data.categories.map((category) => (
        <CategorySection key={category.id} category={category} />
      ))}
    </div>
  );
}

function CategorySection({ category }: { category: HelpCategory }) {
  const headingId = `help-category-${category.slug}`;
  return (
    <section
      id={category.slug}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-lg border border-neutral-200 bg-white p-5"
      data-testid="help-category"
    >
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
        {category.name}
      </h2>
      {category.description ? <p className="mt-1 text-sm text-neutral-600">{category.description}</p> : null}
      <ul className="mt-3 flex flex-col gap-2">
        {category.articles.map((article) => (
          <li key={article.slug}>
            <Link
              href={helpArticleHref(article.slug)}
              className="inline-flex items-start gap-2 text-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
            >
              <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {article.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
