import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/**
 * The states every area page shares (STYLE.md "Lists"): its heading, a skeleton while loading,
 * one empty state and one error state with a retry.
 */

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-neutral-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** A whole page loading. */
export function PageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" data-testid="area-skeleton">
      <span className="sr-only" role="status">
        {label}
      </span>
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** Rows of a list loading. */
export function ListSkeleton({ rows = 4, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-16 w-full" />
      ))}
    </div>
  );
}

export function EmptyState({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-dashed border-neutral-300 bg-white px-6 py-10 text-center',
        className,
      )}
      data-testid="empty-state"
    >
      <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      {children}
    </div>
  );
}

/** The message of a failed load: the API's own for a 4xx, a generic one otherwise. */
export function errorMessage(error: unknown, fallback = 'Something went wrong on our side. Please try again.'): string {
  return error instanceof ApiError && error.isClientError ? error.message : fallback;
}

export function ErrorState({
  title = 'This could not be loaded',
  error,
  onRetry,
  retrying = false,
}: {
  title?: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-neutral-200 bg-white px-6 py-10 text-center"
    >
      <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
      <p className="text-neutral-600">{errorMessage(error)}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** A titled white block of an area page. */
export function Panel({
  title,
  description,
  actions,
  children,
  className,
  headingLevel = 'h2',
}: {
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <section className={cn('rounded-xl border border-neutral-200 bg-white p-5 sm:p-6', className)}>
      {title ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <Heading className="text-lg font-semibold text-neutral-900">{title}</Heading>
            {description ? <p className="mt-1 text-sm text-neutral-600">{description}</p> : null}
          </div>
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
