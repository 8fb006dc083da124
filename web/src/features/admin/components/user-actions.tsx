'use client';

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { errorMessage, Panel } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import {
  isStale,
  USER_ROLES,
  useResendConfirmation,
  useUserAction,
  type AdminUser,
  type AdminUserDetail,
  type UserAction,
  type UserRole,
} from '@/features/admin/api/users';
import { checkPoints, checkReason, formatCount, REASON_MAX, REASON_MIN, roleLabel } from '@/features/admin/lib/user-words';

export const SAME_ROLE = 'Choose a role other than the current one';
const REASON_HINT = `${REASON_MIN} to ${REASON_MAX} characters, kept in the audit log.`;

type Action = ReturnType<typeof useUserAction>;
type OnStale = (message: string) => void;
type FieldErrors = Partial<Record<string, string>>;

/**
 * What an admin can do to a user, each confirmed in a dialog (with a reason where the audit log
 * keeps one): change the role, suspend or reinstate, reset a lost second factor, adjust points,
 * and send the confirmation email again while the address is unconfirmed.
 */
export function UserActions({ detail, onStale }: { detail: AdminUserDetail; onStale: OnStale }) {
  const { user } = detail;
  const action = useUserAction(user.id);
  return (
    <Panel title="Actions" description="Each change is kept in the activity below, with your name.">
      <div className="flex flex-wrap gap-2" data-testid="user-actions">
        <RoleDialog user={user} action={action} onStale={onStale} />
        {user.suspended ? (
          <ReinstateDialog user={user} action={action} onStale={onStale} />
        ) : (
          <SuspendDialog user={user} action={action} onStale={onStale} />
        )}
        {detail.factors > 0 ? <ResetFactorsDialog user={user} action={action} onStale={onStale} /> : null}
        <PointsDialog user={user} action={action} onStale={onStale} />
        {user.email_confirmed ? null : <ResendButton user={user} />}
      </div>
    </Panel>
  );
}

/** Only the messages of fields the dialog shows; anything else reads as the dialog's error. */
function fieldErrorsOf(error: unknown, names: readonly string[]): FieldErrors {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const found: FieldErrors = {};
  for (const name of names) {
    const message = error.fields[name];
    if (typeof message === 'string') found[name] = message;
  }
  return found;
}

/**
 * A dialog's open state, its errors (the dialog's own and its fields'), and `send`: runs the
 * change, and on success says `done` and closes. A 409 `stale` closes the dialog too and hands the
 * server's message to `onStale` (the page says to reload; the user is read again meanwhile).
 */
function useActionDialog(action: Action, onStale: OnStale, fieldNames: readonly string[]) {
  const confirm = useConfirmState();
  const [fields, setFields] = useState<FieldErrors>({});

  function reset() {
    confirm.setError(null);
    setFields({});
  }

  function send(change: UserAction, done: string, onDone?: () => void) {
    reset();
    action.mutate(change, {
      onSuccess: () => {
        toast.success(done);
        confirm.close();
        onDone?.();
      },
      onError: (failure) => {
        if (isStale(failure)) {
          confirm.close();
          onStale(failure.message);
          return;
        }
        const found = fieldErrorsOf(failure, fieldNames);
        if (Object.keys(found).length > 0) setFields(found);
        else confirm.setError(errorMessage(failure, 'The change could not be saved'));
      },
    });
  }

  return {
    open: confirm.open,
    error: confirm.error,
    onOpenChange: (next: boolean) => {
      reset();
      confirm.onOpenChange(next);
    },
    fields,
    setFields,
    send,
  };
}

/** A dialog's opening button; an element (not a component) so the dialog's trigger props reach the button. */
function trigger(label: string): ReactNode {
  return (
    <Button variant="secondary" className="h-9">
      {label}
    </Button>
  );
}

function ReasonField({
  value,
  onChange,
  error,
  label = 'Reason',
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
}) {
  return (
    <FormField label={label} hint={REASON_HINT} error={error}>
      <Textarea rows={3} value={value} onChange={(event) => onChange(event.target.value)} />
    </FormField>
  );
}

interface DialogProps {
  user: AdminUser;
  action: Action;
  onStale: OnStale;
}

function RoleDialog({ user, action, onStale }: DialogProps) {
  const dialog = useActionDialog(action, onStale, ['role']);
  const [role, setRole] = useState(user.role);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (role === user.role) {
      dialog.setFields({ role: SAME_ROLE });
      return;
    }
    const next = role as UserRole;
    dialog.send({ kind: 'role', role: next, version: user.version }, `${user.email} is now ${article(next)} ${roleLabel(next).toLowerCase()}`);
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={(open) => {
        if (open) setRole(user.role);
        dialog.onOpenChange(open);
      }}
      trigger={trigger('Change role')}
      title={`Change the role of ${user.email}?`}
      description={`They are ${article(user.role)} ${roleLabel(user.role).toLowerCase()} now. A vendor’s store stays as it is (suspend the store to stop its sales); an admin can use this area.`}
      confirmLabel="Save role"
      formId={`${id}-form`}
      pending={action.isPending}
      error={dialog.error}
      testId="user-role-dialog"
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <FormField label="New role" error={dialog.fields.role}>
          <Select value={role} onChange={(event) => setRole(event.target.value)}>
            {USER_ROLES.map((value) => (
              <option key={value} value={value}>
                {roleLabel(value)}
              </option>
            ))}
          </Select>
        </FormField>
      </form>
    </ConfirmDialog>
  );
}

function article(role: string): string {
  return role === 'admin' ? 'an' : 'a';
}

/** A dialog whose only field is the reason: suspend, and reset the second factor. */
function ReasonDialog({
  action,
  onStale,
  triggerLabel,
  title,
  description,
  confirmLabel,
  testId,
  change,
  done,
}: {
  action: Action;
  onStale: OnStale;
  triggerLabel: string;
  title: string;
  description: string;
  confirmLabel: string;
  testId: string;
  change: (reason: string) => UserAction;
  done: string;
}) {
  const dialog = useActionDialog(action, onStale, ['reason']);
  const [reason, setReason] = useState('');
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkReason(reason);
    if ('error' in checked) {
      dialog.setFields({ reason: checked.error });
      return;
    }
    dialog.send(change(checked.reason), done, () => setReason(''));
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={trigger(triggerLabel)}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      formId={`${id}-form`}
      pending={action.isPending}
      error={dialog.error}
      testId={testId}
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <ReasonField value={reason} onChange={setReason} error={dialog.fields.reason} />
      </form>
    </ConfirmDialog>
  );
}

function SuspendDialog({ user, action, onStale }: DialogProps) {
  return (
    <ReasonDialog
      action={action}
      onStale={onStale}
      triggerLabel="Suspend account"
      title={`Suspend ${user.email}?`}
      description="Every session ends at once, and signing in is refused until the account is reinstated."
      confirmLabel="Suspend account"
      testId="user-suspend-dialog"
      change={(reason) => ({ kind: 'suspend', reason, version: user.version })}
      done={`${user.email} suspended`}
    />
  );
}

function ResetFactorsDialog({ user, action, onStale }: DialogProps) {
  return (
    <ReasonDialog
      action={action}
      onStale={onStale}
      triggerLabel="Reset second factor"
      title={`Reset the second factor of ${user.email}?`}
      description="Their authenticator is removed and every session ends: they sign in with their password and can set up a new one."
      confirmLabel="Reset second factor"
      testId="user-reset-factors-dialog"
      change={(reason) => ({ kind: 'reset-factors', reason })}
      done="Second factor reset"
    />
  );
}

function ReinstateDialog({ user, action, onStale }: DialogProps) {
  const dialog = useActionDialog(action, onStale, []);
  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={trigger('Reinstate account')}
      title={`Reinstate ${user.email}?`}
      description="The suspension is lifted: they can sign in again."
      confirmLabel="Reinstate account"
      onConfirm={() => dialog.send({ kind: 'reinstate', version: user.version }, `${user.email} reinstated`)}
      pending={action.isPending}
      error={dialog.error}
      testId="user-reinstate-dialog"
    />
  );
}

function PointsDialog({ user, action, onStale }: DialogProps) {
  const dialog = useActionDialog(action, onStale, ['points', 'reason']);
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = checkPoints(points);
    const checked = checkReason(reason);
    if ('error' in amount || 'error' in checked) {
      dialog.setFields({
        points: 'error' in amount ? amount.error : undefined,
        reason: 'error' in checked ? checked.error : undefined,
      });
      return;
    }
    const count = `${formatCount(Math.abs(amount.points))} ${Math.abs(amount.points) === 1 ? 'point' : 'points'}`;
    dialog.send(
      { kind: 'points', points: amount.points, reason: checked.reason },
      amount.points > 0 ? `Added ${count}` : `Took ${count}`,
      () => {
        setPoints('');
        setReason('');
      },
    );
  }

  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={trigger('Adjust points')}
      title={`Adjust the points of ${user.email}`}
      description={`The balance is ${formatCount(user.points_balance)} points. A positive number adds points, a negative one takes them; the reason shows in their points history.`}
      confirmLabel="Adjust points"
      formId={`${id}-form`}
      pending={action.isPending}
      error={dialog.error}
      testId="user-points-dialog"
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <FormField label="Points" hint="50 adds 50 points; -20 takes 20." error={dialog.fields.points}>
          <Input
            type="text"
            inputMode="text"
            autoComplete="off"
            value={points}
            onChange={(event) => setPoints(event.target.value)}
            className="h-10"
          />
        </FormField>
        <ReasonField value={reason} onChange={setReason} error={dialog.fields.reason} />
      </form>
    </ConfirmDialog>
  );
}

function ResendButton({ user }: { user: AdminUser }) {
  const resend = useResendConfirmation(user.id);
  return (
    <Button
      variant="secondary"
      className="h-9"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (sent) => toast.success(`Confirmation email sent to ${sent.email}`),
          onError: (failure) =>
            toast.error('Error', { description: errorMessage(failure, 'The email could not be sent. Please try again later.') }),
        })
      }
    >
      Resend confirmation email
    </Button>
  );
}
