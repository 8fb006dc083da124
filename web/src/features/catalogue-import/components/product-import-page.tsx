'use client';

import { Suspense, useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState, ErrorState, ListSkeleton, PageHeader, PageSkeleton } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge } from '@/components/area/status-badge';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/use-session';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import {
  importHref,
  importListQueryOptions,
  PRODUCTS_PATHS,
  useImportList,
  useProductImport,
  type ImportArea,
} from '@/features/catalogue-import/api/product-imports';
import type { ProductImport } from '@/features/catalogue-import/api/import-types';
import { ImportForm, type StoreControl } from '@/features/catalogue-import/components/import-form';
import { ImportPanel } from '@/features/catalogue-import/components/import-panel';
import { formatText, statusLook, totalsText } from '@/features/catalogue-import/lib/import-words';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

const DESCRIPTIONS: Record<ImportArea, string> = {
  admin:
    'Bring products in from another shop’s export or a bazaar file, for any store. Each file is checked first (a dry run); nothing is written until you import it.',
  vendor:
    'Products are imported into your store, from another shop’s export or a bazaar file. Each file is checked first (a dry run); nothing is written until you import it.',
};

/**
 * /admin/import/?id=… and /vendor/products/import/?id=…: send a product file (a dry run checks
 * it as a job, its progress shown as it goes), read what each row would do, then import it or
 * discard it; beneath, the 20 newest imports, each opening its own view. An admin may give the
 * store that owns every product (`storeControl`); a vendor's products go to their own store.
 */
export function ProductImportPage({ area, storeControl }: { area: ImportArea; storeControl?: StoreControl }) {
  return (
    <Suspense fallback={<PageSkeleton label="Loading imports" />}>
      <FromLocation area={area} storeControl={storeControl} />
    </Suspense>
  );
}

function FromLocation({ area, storeControl }: { area: ImportArea; storeControl?: StoreControl }) {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading imports" />;
  const id = searchParams?.get('id')?.trim() || null;
  return <ImportView area={area} urlId={id} storeControl={storeControl} />;
}

function ImportView({ area, urlId, storeControl }: { area: ImportArea; urlId: string | null; storeControl?: StoreControl }) {
  const router = useRouter();
  // The import on screen is the URL's, unless one was started or dropped here since the URL
  // last changed (the address follows, and then it is the URL's again).
  const [local, setLocal] = useState<{ url: string | null; id: string | null; started: boolean } | null>(null);
  const shown = local && local.url === urlId ? local : { id: urlId, started: false };
  const current = useProductImport(area, shown.id);

  const show = (id: string | null, started: boolean) => {
    setLocal({ url: urlId, id, started });
    router.replace(importHref(area, id), { scroll: false });
  };

  useReadListOnChange(area, current.data);

  const item = current.data && current.data.id === shown.id ? current.data : null;
  const formShown = shown.id === null || current.isError || item?.status === 'failed' || item?.status === 'discarded';

  return (
    <>
      <PageHeader
        title="Import products"
        description={DESCRIPTIONS[area]}
        actions={
          <Link href={PRODUCTS_PATHS[area]} className={LINK}>
            {area === 'vendor' ? 'Back to your products' : 'Back to products'}
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        {shown.id === null ? null : current.isPending ? (
          <ListSkeleton rows={2} label="Loading the import" />
        ) : current.isError ? (
          <ErrorState
            title={current.error instanceof ApiError && current.error.isNotFound ? 'This import could not be found' : undefined}
            error={current.error}
            onRetry={() => void current.refetch()}
            retrying={current.isFetching}
          />
        ) : item ? (
          <ImportPanel
            area={area}
            item={item}
            now={current.dataUpdatedAt}
            focusOnMount={shown.started}
            onDiscarded={() => show(null, false)}
            onAnother={() => show(null, false)}
          />
        ) : null}
        {formShown ? <ImportForm area={area} storeControl={storeControl} onStarted={(started) => show(started.id, true)} /> : null}
        <RecentImports area={area} currentId={shown.id} />
      </div>
    </>
  );
}

/** The recent list shows each import's status: read it again whenever the one on screen moves on. */
function useReadListOnChange(area: ImportArea, item: ProductImport | undefined) {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  const seen = useRef<{ id: string; status: string } | null>(null);
  const status = item?.status;
  const id = item?.id;
  useEffect(() => {
    if (!status || !id) return;
    const before = seen.current;
    seen.current = { id, status };
    if (before?.id === id && before.status !== status) {
      void queryClient.invalidateQueries({ queryKey: importListQueryOptions(area, userId).queryKey });
    }
  }, [area, userId, queryClient, status, id]);
}

const HEAD = 'px-3 py-3';

function RecentImports({ area, currentId }: { area: ImportArea; currentId: string | null }) {
  const { data, isPending, isError, error, refetch, isFetching } = useImportList(area);
  return (
    <section aria-labelledby="recent-imports" className="flex flex-col gap-3">
      <h2 id="recent-imports" className="text-lg font-semibold text-neutral-900">
        Recent imports
      </h2>
      {isPending ? (
        <ListSkeleton rows={3} label="Loading recent imports" />
      ) : isError ? (
        <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.length === 0 ? (
        <EmptyState title="No imports yet">
          <p className="text-neutral-600">Files you check appear here, with what they did.</p>
        </EmptyState>
      ) : (
        <ScrollTable label="Recent imports" className="rounded-xl border border-neutral-200 bg-white">
          <table className="w-full min-w-3xl text-left text-sm">
            <caption className="sr-only">The newest imports first</caption>
            <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
              <tr>
                <th scope="col" className={HEAD}>
                  File
                </th>
                <th scope="col" className={HEAD}>
                  Format
                </th>
                {area === 'admin' ? (
                  <th scope="col" className={HEAD}>
                    Store
                  </th>
                ) : null}
                <th scope="col" className={HEAD}>
                  Status
                </th>
                <th scope="col" className={HEAD}>
                  Products
                </th>
                <th scope="col" className={HEAD}>
                  When
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {data.map((item) => (
                <RecentRow key={item.id} area={area} item={item} current={item.id === currentId} />
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}

function RecentRow({ area, item, current }: { area: ImportArea; item: ProductImport; current: boolean }) {
  const look = statusLook(item.status);
  return (
    <tr className={cn(current && 'bg-brand-50')} data-testid="recent-import">
      <td className="max-w-64 px-3 py-3">
        <Link
          href={importHref(area, item.id)}
          aria-current={current ? 'page' : undefined}
          className="font-medium break-all text-neutral-900 underline-offset-4 hover:text-brand-700 hover:underline"
        >
          {item.file_name}
        </Link>
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-neutral-700">{formatText(item)}</td>
      {area === 'admin' ? <td className="px-3 py-3 text-neutral-700">{item.store?.name ?? '—'}</td> : null}
      <td className="px-3 py-3">
        <StatusBadge label={look.label} tone={look.tone} />
      </td>
      <td className="px-3 py-3 text-neutral-700 tabular-nums" data-testid="recent-import-totals">
        {totalsText(item)}
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-neutral-700">
        <time dateTime={item.created_at} className="block">
          {formatDateTime(item.created_at)}
        </time>
        {area === 'admin' ? <span className="block text-xs text-neutral-600">{item.created_by}</span> : null}
      </td>
    </tr>
  );
}
