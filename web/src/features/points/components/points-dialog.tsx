'use client';

import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { format, parseISO } from 'date-fns';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import {
  CODE_LENGTH,
  POINTS_MESSAGES,
  normaliseCode,
  usePoints,
  usePointsHistory,
  useRedeemCode,
} from '@/features/points/api/points';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';

const TAB =
  '-mb-px flex-1 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-neutral-600 hover:text-neutral-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-700';

/** Points Management: Overview, Redeem Code and History (SPEC §2 "Navigation"). */
export function PointsDialog({
  open,
  onOpenChange,
  userId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white text-neutral-800 shadow-xl"
          data-testid="points-dialog"
        >
          <div className="flex items-center justify-between border-b border-neutral-200 px-5 py-3">
            <Dialog.Title className="text-base font-semibold text-neutral-900">Points Management</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Tabs.Root defaultValue="overview" className="flex min-h-0 flex-col">
            <Tabs.List aria-label="Points" className="flex border-b border-neutral-200 px-3">
              <Tabs.Trigger value="overview" className={TAB}>
                Overview
              </Tabs.Trigger>
              <Tabs.Trigger value="redeem" className={TAB}>
                Redeem Code
              </Tabs.Trigger>
              <Tabs.Trigger value="history" className={TAB}>
                History
              </Tabs.Trigger>
            </Tabs.List>
            <div className="overflow-y-auto p-5">
              <Tabs.Content value="overview">
                <Overview />
              </Tabs.Content>
              <Tabs.Content value="redeem">
                <RedeemForm />
              </Tabs.Content>
              <Tabs.Content value="history">
                <History userId={userId} />
              </Tabs.Content>
            </div>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Overview() {
  const { data, isPending, isError } = usePoints();
  if (isPending) return <Skeleton className="h-24 w-full" />;
  if (isError) return <p className="text-sm text-sale">{POINTS_MESSAGES.loadFailed}</p>;
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-lg bg-brand-50 p-4 text-center">
        <p className="text-sm text-neutral-700">Current balance</p>
        <p className="text-3xl font-bold tabular-nums text-brand-700" data-testid="points-balance">
          {data.current_balance.toLocaleString('en-ZA')}
        </p>
        <p className="text-sm text-neutral-700">Worth {formatMoney(data.value_cents)} at checkout</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg border border-neutral-200 p-3">
          <dt className="text-neutral-600">Earned</dt>
          <dd className="font-semibold tabular-nums">{data.lifetime_earned.toLocaleString('en-ZA')}</dd>
        </div>
        <div className="rounded-lg border border-neutral-200 p-3">
          <dt className="text-neutral-600">Spent</dt>
          <dd className="font-semibold tabular-nums">{data.lifetime_spent.toLocaleString('en-ZA')}</dd>
        </div>
      </dl>
      <p className="text-xs text-neutral-600">10 points are worth R1. You earn points on every paid order.</p>
    </div>
  );
}

function RedeemForm() {
  const [code, setCode] = useState('');
  const redeem = useRedeemCode();
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        redeem.mutate(code, { onSuccess: (result) => result.success && setCode('') });
      }}
    >
      <FormField label="Points code" hint="Codes are valid for a year and can be used once.">
        <Input
          value={code}
          maxLength={CODE_LENGTH}
          autoCapitalize="characters"
          autoComplete="off"
          onChange={(event) => setCode(normaliseCode(event.target.value))}
        />
      </FormField>
      <Button type="submit" disabled={redeem.isPending}>
        Redeem
      </Button>
    </form>
  );
}

function History({ userId }: { userId: string }) {
  const { data, isPending, isError } = usePointsHistory(userId);
  if (isPending) return <Skeleton className="h-24 w-full" />;
  if (isError) return <p className="text-sm text-sale">Failed to load points history</p>;
  if (data.length === 0) return <p className="text-sm text-neutral-600">No points activity yet.</p>;
  return (
    <ul className="flex flex-col divide-y divide-neutral-200" data-testid="points-history">
      {data.map((tx) => {
        const positive = tx.transaction_type !== 'spent';
        return (
          <li key={tx.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <div className="min-w-0">
              <p className="truncate font-medium text-neutral-900">{tx.description ?? tx.transaction_type}</p>
              <p className="text-xs text-neutral-600">{format(parseISO(tx.created_at), 'MMM dd, yyyy')}</p>
            </div>
            <span className={cn('font-semibold tabular-nums', positive ? 'text-brand-700' : 'text-sale')}>
              {positive ? '+' : '-'}
              {Math.abs(tx.points_amount)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
