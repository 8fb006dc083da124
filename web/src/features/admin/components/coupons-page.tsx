'use client';

import { Suspense, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState, ErrorState, errorMessage, ListSkeleton, PageHeader, PageSkeleton, Panel } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { StatusTabs } from '@/components/area/list-controls';
import { ScrollTable } from '@/components/area/scroll-table';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Pagination } from '@/components/ui/pagination';
import { formatMoney } from '@/lib/money';
import { pageCount } from '@/lib/page-param';
import { formatDate } from '@/lib/selling/statuses';
import { useMounted } from '@/lib/use-mounted';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/applications';
import {
  COUPON_SCOPES,
  couponInputOf,
  couponParamsFrom,
  couponsHref,
  isCouponUsed,
  isPlatformCoupon,
  useAdminCoupons,
  useDeleteAdminCoupon,
  useSaveAdminCoupon,
  type AdminCoupon,
  type CouponListParams,
  type CouponScope,
} from '@/features/admin/api/coupons';
import { formatCount } from '@/features/admin/lib/user-words';
import { CouponEditor } from '@/features/coupons/components/coupon-form';
import { couponStatus, discountLabel, minimumSpendLabel, usesLabel, windowLabel } from '@/features/coupons/lib/coupon-form';

/** A platform coupon's minimum spend counts every store's items in the cart. */
const PLATFORM_MINIMUM_HINT = 'What the items in the cart must come to. Leave it empty for none.';

/**
 * /admin/coupons/?scope=…&page=N: the platform's coupons (off every store's items), the stores'
 * (listed for oversight: their stores change them) or all, newest first, each with what it has
 * done (orders, the discount they got, the last use). The platform's own are added, changed and
 * deleted here; a used one cannot be deleted, and the delete dialog offers to switch it off.
 */
export function AdminCouponsPage() {
  return (
    <Suspense fallback={<PageSkeleton label="Loading coupons" />}>
      <FromLocation />
    </Suspense>
  );
}

function FromLocation() {
  const searchParams = useSearchParams();
  const mounted = useMounted();
  if (!mounted) return <PageSkeleton label="Loading coupons" />;
  return <CouponsList params={couponParamsFrom(searchParams)} />;
}

/** "1 coupon", "24 coupons". */
export function couponCountText(total: number): string {
  return total === 1 ? '1 coupon' : `${formatCount(total)} coupons`;
}

/** Which coupon the form is open on: a new one, one of the list's (its id), or none. */
type Editing = { kind: 'new' } | { kind: 'edit'; id: string } | null;

const EMPTY: Record<CouponScope, { title: string; text: string }> = {
  platform: { title: 'No platform coupons yet', text: 'Make a code that takes a percentage or an amount off any store’s items.' },
  stores: { title: 'No store coupons', text: 'Coupons stores make for their own items show here.' },
  all: { title: 'No coupons yet', text: 'The platform’s coupons and the stores’ show here.' },
};

function CouponsList({ params }: { params: CouponListParams }) {
  const { data, isPending, isError, error, refetch, isFetching } = useAdminCoupons(params);
  const save = useSaveAdminCoupon();
  const [editing, setEditing] = useState<Editing>(null);
  const editingCoupon =
    editing?.kind === 'edit' ? (data?.coupons.find((coupon) => coupon.id === editing.id && isPlatformCoupon(coupon)) ?? null) : null;
  const formOpen = editing?.kind === 'new' || editingCoupon !== null;

  return (
    <>
      <PageHeader
        title="Coupons"
        description="Codes customers type at checkout. The platform’s coupons take off any store’s items; a store’s coupon only its own."
        actions={
          formOpen ? null : (
            <Button className="h-10" onClick={() => setEditing({ kind: 'new' })}>
              <Plus aria-hidden="true" className="size-4" />
              New coupon
            </Button>
          )
        }
      />
      <div className="flex flex-col gap-4">
        {formOpen ? (
          <Panel title={editingCoupon ? `Edit ${editingCoupon.code}` : 'New platform coupon'}>
            <CouponEditor
              key={editingCoupon?.id ?? 'new'}
              coupon={editingCoupon}
              save={save}
              minimumHint={PLATFORM_MINIMUM_HINT}
              onDone={() => setEditing(null)}
            />
          </Panel>
        ) : null}
        <StatusTabs
          label="Whose coupons"
          options={COUPON_SCOPES}
          current={params.scope}
          hrefFor={(scope) => couponsHref({ scope: scope as CouponScope, page: 1 })}
        />
        {isPending ? (
          <ListSkeleton label="Loading coupons" />
        ) : isError ? (
          <ErrorState error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : data.coupons.length === 0 ? (
          <EmptyState title={EMPTY[params.scope].title}>
            <p className="text-neutral-600">{EMPTY[params.scope].text}</p>
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-neutral-600" aria-live="polite" data-testid="coupons-total">
              {couponCountText(data.total)}
            </p>
            <CouponsTable
              coupons={data.coupons}
              showStore={params.scope !== 'platform'}
              updating={isFetching}
              onEdit={(coupon) => setEditing({ kind: 'edit', id: coupon.id })}
            />
            <Pagination
              page={params.page}
              pageCount={pageCount(data.total, ADMIN_PAGE_SIZE)}
              hrefFor={(page) => couponsHref({ ...params, page })}
              label="Coupon pages"
            />
          </>
        )}
      </div>
    </>
  );
}

const HEAD = 'px-2 py-2';
/** The actions stay in view while the wide table scrolls sideways. */
const STICKY = 'sticky right-0 bg-white shadow-[inset_1px_0_0_var(--color-neutral-200)]';

function CouponsTable({
  coupons,
  showStore,
  updating,
  onEdit,
}: {
  coupons: AdminCoupon[];
  showStore: boolean;
  updating: boolean;
  onEdit: (coupon: AdminCoupon) => void;
}) {
  const now = Date.now();
  return (
    <div className="overflow-hidden rounded-xl border border-neutral-200 bg-white">
      <ScrollTable label="Coupons">
        <table className="w-full min-w-4xl text-left text-sm" aria-busy={updating || undefined}>
          <caption className="sr-only">Coupons, newest first</caption>
          <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Code
              </th>
              {showStore ? (
                <th scope="col" className={HEAD}>
                  Store
                </th>
              ) : null}
              <th scope="col" className={HEAD}>
                Discount
              </th>
              <th scope="col" className={HEAD}>
                Minimum spend
              </th>
              <th scope="col" className={HEAD}>
                Window
              </th>
              <th scope="col" className={HEAD}>
                Uses
              </th>
              <th scope="col" className={`${HEAD} text-right`}>
                Orders
              </th>
              <th scope="col" className={`${HEAD} text-right`}>
                Discount given
              </th>
              <th scope="col" className={HEAD}>
                Last used
              </th>
              <th scope="col" className={HEAD}>
                Status
              </th>
              <th scope="col" className={`${STICKY} px-3 py-2`}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {coupons.map((coupon) => {
              const status = couponStatus(coupon, now);
              const platform = isPlatformCoupon(coupon);
              return (
                <tr key={coupon.id} data-testid="coupon-row" className="group hover:bg-neutral-50">
                  <td className="max-w-48 px-3 py-3 align-top">
                    <p className="font-mono font-semibold text-neutral-900" data-testid="coupon-code">
                      {coupon.code}
                    </p>
                    {coupon.description ? <p className="text-xs break-words text-neutral-600">{coupon.description}</p> : null}
                  </td>
                  {showStore ? (
                    <td className="px-2 py-3 align-top text-neutral-700" data-testid="coupon-store">
                      {coupon.store_name ?? <span className="font-medium text-neutral-900">Platform</span>}
                    </td>
                  ) : null}
                  <td className="px-2 py-3 align-top font-medium tabular-nums" data-testid="coupon-discount">
                    {discountLabel(coupon)}
                  </td>
                  <td className="px-2 py-3 align-top tabular-nums" data-testid="coupon-minimum">
                    {minimumSpendLabel(coupon.min_spend_cents)}
                  </td>
                  <td className="px-2 py-3 align-top text-neutral-700" data-testid="coupon-window">
                    {windowLabel(coupon)}
                  </td>
                  <td className="px-2 py-3 align-top whitespace-nowrap tabular-nums" data-testid="coupon-uses">
                    {usesLabel(coupon)}
                    {coupon.per_customer_limit !== null ? (
                      <span className="block text-xs text-neutral-600">{coupon.per_customer_limit} per customer</span>
                    ) : null}
                  </td>
                  <td className="px-2 py-3 text-right align-top tabular-nums" data-testid="coupon-orders">
                    {formatCount(coupon.orders)}
                  </td>
                  <td className="px-2 py-3 text-right align-top tabular-nums" data-testid="coupon-discount-given">
                    {formatMoney(coupon.discount_cents)}
                  </td>
                  <td className="px-2 py-3 align-top whitespace-nowrap text-neutral-700" data-testid="coupon-last-used">
                    {coupon.last_used_at ? (
                      <time dateTime={coupon.last_used_at}>{formatDate(coupon.last_used_at)}</time>
                    ) : (
                      <span className="text-neutral-500">Never</span>
                    )}
                  </td>
                  <td className="px-2 py-3 align-top">
                    <StatusBadge label={status.label} tone={status.tone} />
                  </td>
                  <td className={`${STICKY} px-3 py-3 align-top group-hover:bg-neutral-50`}>
                    {platform ? (
                      <div className="flex justify-end gap-2">
                        <IconButton label={`Edit ${coupon.code}`} title="Edit" onClick={() => onEdit(coupon)}>
                          <Pencil aria-hidden="true" className="size-4" />
                        </IconButton>
                        {coupon.times_used === 0 || coupon.active ? <DeleteCoupon coupon={coupon} /> : null}
                      </div>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

/**
 * Delete, confirmed in a dialog. A coupon that has been used answers 409 `coupon_used`: the
 * dialog then says so and its button switches the coupon off instead (a PUT of the coupon as it
 * is, with `active` false). Any other failure shows in the dialog.
 */
function DeleteCoupon({ coupon }: { coupon: AdminCoupon }) {
  const dialog = useConfirmState();
  const remove = useDeleteAdminCoupon();
  const save = useSaveAdminCoupon();
  const [used, setUsed] = useState(false);

  function deleteIt() {
    dialog.setError(null);
    remove.mutate(coupon.id, {
      onSuccess: () => {
        toast.success(`${coupon.code} deleted`);
        dialog.close();
      },
      onError: (failure) => {
        if (isCouponUsed(failure)) setUsed(true);
        dialog.setError(errorMessage(failure, 'The coupon could not be deleted. Please try again.'));
      },
    });
  }

  function switchOff() {
    dialog.setError(null);
    save.mutate(
      { id: coupon.id, body: couponInputOf(coupon, { active: false }) },
      {
        onSuccess: () => {
          toast.success(`${coupon.code} switched off`, { description: 'Customers can no longer use it.' });
          dialog.close();
          setUsed(false);
        },
        onError: (failure) => dialog.setError(errorMessage(failure, 'The coupon could not be switched off. Please try again.')),
      },
    );
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={(next) => {
        dialog.onOpenChange(next);
        if (!next) setUsed(false);
      }}
      trigger={
        <IconButton label={`Delete ${coupon.code}`} title="Delete">
          <Trash2 aria-hidden="true" className="size-4" />
        </IconButton>
      }
      title={`Delete ${coupon.code}?`}
      description={
        used
          ? 'It stays in the list with its uses. Switched off, customers can no longer use it.'
          : 'Customers can no longer use the code, and it leaves the list for good.'
      }
      error={dialog.error}
      confirmLabel={used ? 'Switch off' : 'Delete coupon'}
      onConfirm={used ? switchOff : deleteIt}
      pending={remove.isPending || save.isPending}
      testId="delete-coupon-dialog"
    />
  );
}
