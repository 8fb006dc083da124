import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/** The centred card every sign-in step sits in. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-neutral-200 bg-white px-5 py-7 shadow-sm sm:px-8 sm:py-9">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900">{title}</h1>
        {description ? <p className="mt-2 text-sm text-neutral-600">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-neutral-600">{footer}</div> : null}
    </div>
  );
}

export function AuthCardSkeleton() {
  return (
    <div className="mx-auto w-full max-w-md" aria-busy="true" data-testid="auth-skeleton">
      <span className="sr-only" role="status">
        Loading
      </span>
      <div className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white px-5 py-7 sm:px-8 sm:py-9">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-64" />
        <Skeleton className="mt-2 h-11 w-full" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    </div>
  );
}

/** The error of a whole form (not of one field), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-sale/40 bg-sale/10 px-3 py-2 text-sm font-medium text-sale">
      {message}
    </p>
  );
}
