import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUsersQueryOptions, type AdminUserDetail, type AuditEntry } from '@/features/admin/api/users';
import { SAME_ROLE } from '@/features/admin/components/user-actions';
import { UserDetail } from '@/features/admin/components/user-detail';
import { adminUser, auditEntry, USER_UUID, userDetail } from '@/features/admin/components/user-test-data';
import { actionText, changesOf, checkPoints, POINTS_NOT_WHOLE, REASON_LENGTH } from '@/features/admin/lib/user-words';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const STALE = 'This user was changed by someone else: reload and try again';

function conflict(code: string, message: string) {
  return HttpResponse.json({ error: { code, title: 'Not possible now', message } }, { status: 409 });
}

type Call = { path: string; body?: unknown };

/**
 * One user kept in memory as the server keeps it: versioned changes are refused with 409 `stale`
 * when the version sent is not the current one; each change adds an audit entry. Records calls.
 */
function serveUser(initial: AdminUserDetail) {
  let current = initial;
  let gets = 0;
  const calls: Call[] = [];
  let entries = 0;

  function audit(action: string, details: unknown): AuditEntry {
    entries += 1;
    return auditEntry({ id: `0190e000-0000-7000-8000-0000000009${String(entries).padStart(2, '0')}`, action, details });
  }

  function change(next: Partial<AdminUserDetail['user']>, entry: AuditEntry, bump = true) {
    const user = { ...current.user, ...next, version: current.user.version + (bump ? 1 : 0) };
    current = { ...current, user, audit: [entry, ...current.audit] };
    return HttpResponse.json(current);
  }

  async function read(request: Request, path: string) {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push({ path, body });
    return body;
  }

  server.use(
    http.get('*/api/v1/admin/users/:id', () => {
      gets += 1;
      return HttpResponse.json(current);
    }),
    http.post('*/api/v1/admin/users/:id/suspend', async ({ request }) => {
      const body = await read(request, 'suspend');
      if (body.version !== current.user.version) return conflict('stale', STALE);
      const before = { role: current.user.role, suspended: false };
      return change(
        { suspended: true, suspended_at: '2026-11-30T08:00:00Z', suspended_reason: String(body.reason) },
        audit('user.suspend', { reason: body.reason, before, after: { ...before, suspended: true } }),
      );
    }),
    http.post('*/api/v1/admin/users/:id/reinstate', async ({ request }) => {
      const body = await read(request, 'reinstate');
      if (body.version !== current.user.version) return conflict('stale', STALE);
      const before = { role: current.user.role, suspended: true };
      return change(
        { suspended: false, suspended_at: null, suspended_reason: null },
        audit('user.reinstate', { before, after: { ...before, suspended: false } }),
      );
    }),
    http.put('*/api/v1/admin/users/:id/role', async ({ request }) => {
      const body = await read(request, 'role');
      if (body.version !== current.user.version) return conflict('stale', STALE);
      if (current.user.role === 'admin') return conflict('last_admin', 'The platform needs at least one active admin');
      return change(
        { role: String(body.role) },
        audit('user.set_role', { before: { role: current.user.role }, after: { role: body.role } }),
      );
    }),
    http.post('*/api/v1/admin/users/:id/points', async ({ request }) => {
      const body = await read(request, 'points');
      const points = Number(body.points);
      const balance = current.user.points_balance;
      if (balance + points < 0) {
        return conflict('insufficient_points', `The balance is ${balance} points: that is the most you can take`);
      }
      return change(
        { points_balance: balance + points },
        audit('user.adjust_points', { reason: body.reason, points, before: { balance }, after: { balance: balance + points } }),
        false,
      );
    }),
    http.post('*/api/v1/admin/users/:id/reset-factors', async ({ request }) => {
      const body = await read(request, 'reset-factors');
      current = { ...current, factors: 0, sessions: [] };
      return change({}, audit('user.reset_factors', { reason: body.reason, before: { factors: 1 }, after: { factors: 0 } }), false);
    }),
    http.post('*/api/v1/admin/users/:id/resend-confirmation', () => {
      calls.push({ path: 'resend-confirmation' });
      current = { ...current, audit: [audit('user.resend_confirmation', { email: current.user.email }), ...current.audit] };
      return HttpResponse.json({ email: current.user.email });
    }),
  );
  return {
    calls,
    gets: () => gets,
    /** Another admin's change, made behind this page's back. */
    changeBehind: (next: Partial<AdminUserDetail['user']>) => {
      current = { ...current, user: { ...current.user, ...next, version: current.user.version + 1 } };
    },
  };
}

function renderDetail() {
  storeSession();
  return renderWithQueryClient(<UserDetail id={USER_UUID} />);
}

describe('UserDetail', () => {
  it('shows the user, their orders (linked to the admin’s order page), points and sessions', async () => {
    serveUser(userDetail());
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thandi Nkosi' })).toBeInTheDocument();
    expect(screen.getByTestId('user-points')).toHaveTextContent('120');

    const order = screen.getByTestId('user-order');
    expect(within(order).getByRole('link', { name: 'BZ-0000001234' })).toHaveAttribute(
      'href',
      '/admin/orders/?id=0190e000-0000-7000-8000-0000000000f1',
    );
    expect(within(order).getByText('R1,250.50')).toBeInTheDocument();
    expect(within(order).getByText('Delivered')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-points-entry')).getByText('+120')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-session')).getByText('Password')).toBeInTheDocument();
    expect(screen.getByText('No admin has changed this account.')).toBeInTheDocument();

    // No second factor to reset, and the address is confirmed.
    expect(screen.queryByRole('button', { name: 'Reset second factor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).not.toBeInTheDocument();
  });

  it('suspends only with a reason, sending the version it read; the list is read again and Activity shows it', async () => {
    const served = serveUser(userDetail());
    const { queryClient } = renderDetail();
    const listKey = adminUsersQueryOptions({ q: '', role: '', standing: '', page: 1 }).queryKey;
    queryClient.setQueryData(listKey, { users: [adminUser()], total: { count: 1, capped: false } });

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend thandi@example.com?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(within(dialog).getByText(REASON_LENGTH)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(served.calls).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.type(within(dialog).getByLabelText('Reason'), '  Chargeback fraud on three orders ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(served.calls).toEqual([{ path: 'suspend', body: { reason: 'Chargeback fraud on three orders', version: 3 } }]);

    expect(await screen.findByTestId('user-suspension')).toHaveTextContent('Chargeback fraud on three orders');
    expect(within(screen.getByTestId('user-badges')).getByText('Suspended')).toBeInTheDocument();
    const entry = screen.getByTestId('activity-entry');
    expect(entry).toHaveAttribute('data-action', 'user.suspend');
    expect(within(entry).getByText('Suspended the account')).toBeInTheDocument();
    expect(within(entry).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(entry).getByTestId('activity-reason')).toHaveTextContent('Reason: Chargeback fraud on three orders');
    expect(within(entry).getByTestId('activity-changes')).toHaveTextContent('Standing: Active → Suspended');
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    // The answer was the detail: it was not read again.
    expect(served.gets()).toBe(1);

    // Reinstating sends the version the suspension answered with.
    await user.click(screen.getByRole('button', { name: 'Reinstate account' }));
    const reinstate = await screen.findByRole('dialog', { name: 'Reinstate thandi@example.com?' });
    await user.click(within(reinstate).getByRole('button', { name: 'Reinstate account' }));
    await waitFor(() => expect(screen.queryByTestId('user-suspension')).not.toBeInTheDocument());
    expect(served.calls[1]).toEqual({ path: 'reinstate', body: { version: 4 } });
    expect(screen.getAllByTestId('activity-entry')[0]).toHaveTextContent('Reinstated the account');
  });

  it('says someone else changed the user on a stale 409, reads it again, and the next try sends the new version', async () => {
    const served = serveUser(userDetail());
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend account' }));
    served.changeBehind({ role: 'vendor' });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Abusive messages to vendors');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));

    expect(await screen.findByTestId('user-stale')).toHaveTextContent(STALE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('user-badges')).getByText('Vendor')).toBeInTheDocument());
    expect(screen.queryByTestId('user-suspension')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByTestId('user-stale')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Suspend account' }));
    // The reason typed before is kept for the second try.
    const again = await screen.findByRole('dialog');
    expect(within(again).getByLabelText('Reason')).toHaveValue('Abusive messages to vendors');
    await user.click(within(again).getByRole('button', { name: 'Suspend account' }));
    await screen.findByTestId('user-suspension');
    expect(served.calls.map((call) => call.body)).toEqual([
      { reason: 'Abusive messages to vendors', version: 3 },
      { reason: 'Abusive messages to vendors', version: 4 },
    ]);
  });

  it('changes the role with the version, and shows the server’s refusal in the dialog', async () => {
    const served = serveUser(userDetail());
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of thandi@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(within(dialog).getByText(SAME_ROLE)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('New role'), 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(served.calls).toEqual([{ path: 'role', body: { role: 'admin', version: 3 } }]);
    expect(within(screen.getByTestId('user-badges')).getByText('Admin')).toBeInTheDocument();
    const entry = screen.getByTestId('activity-entry');
    expect(entry).toHaveTextContent('Changed the role');
    expect(within(entry).getByTestId('activity-changes')).toHaveTextContent('Role: Customer → Admin');

    // The last admin cannot be demoted: the server says so, and the dialog stays open.
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    const again = await screen.findByRole('dialog');
    await user.selectOptions(within(again).getByLabelText('New role'), 'Customer');
    await user.click(within(again).getByRole('button', { name: 'Save role' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('The platform needs at least one active admin');
    expect(served.calls[1]).toEqual({ path: 'role', body: { role: 'customer', version: 4 } });
  });

  it('adjusts points by a whole number with a reason, and shows the server’s refusal', async () => {
    const served = serveUser(userDetail());
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust the points of thandi@example.com' });
    await user.type(within(dialog).getByLabelText('Points'), '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust points' }));
    expect(within(dialog).getByText(POINTS_NOT_WHOLE)).toBeInTheDocument();
    expect(within(dialog).getByText(REASON_LENGTH)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Points'));
    await user.type(within(dialog).getByLabelText('Points'), '-500');
    await user.type(within(dialog).getByLabelText('Reason'), 'Points from a refunded order');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust points' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The balance is 120 points: that is the most you can take');

    await user.clear(within(dialog).getByLabelText('Points'));
    await user.type(within(dialog).getByLabelText('Points'), '+50');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust points' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(served.calls.map((call) => call.body)).toEqual([
      { points: -500, reason: 'Points from a refunded order' },
      { points: 50, reason: 'Points from a refunded order' },
    ]);
    expect(screen.getByTestId('user-points')).toHaveTextContent('170');
    expect(screen.getByTestId('activity-entry')).toHaveTextContent('Added 50 points');
    expect(screen.getByTestId('activity-changes')).toHaveTextContent('Points balance: 120 → 170');
  });

  it('puts the server’s field message under the reason', async () => {
    serveUser(userDetail());
    server.use(
      http.post('*/api/v1/admin/users/:id/suspend', () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'Invalid', fields: { reason: 'The reason must not contain control characters' } } },
          { status: 400 },
        ),
      ),
    );
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Something odd');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await within(dialog).findByText('The reason must not contain control characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
  });

  it('resets a second factor only when there is one, and resends the confirmation only while unconfirmed', async () => {
    const served = serveUser(userDetail({ factors: 1, user: adminUser({ email_confirmed: false }) }));
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset second factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the second factor of thandi@example.com?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Lost their phone; identity checked by call');
    await user.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset second factor' })).not.toBeInTheDocument());
    expect(served.calls[0]).toEqual({ path: 'reset-factors', body: { reason: 'Lost their phone; identity checked by call' } });
    expect(screen.getByText('Not signed in anywhere.')).toBeInTheDocument();
    expect(screen.getByTestId('activity-entry')).toHaveTextContent('Reset the second factor');

    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')[0]).toHaveTextContent('Sent the confirmation email again'));
    expect(served.calls[1]).toEqual({ path: 'resend-confirmation' });
  });

  it('says when the user does not exist', async () => {
    storeSession();
    server.use(
      http.get('*/api/v1/admin/users/:id', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'User not found' } }, { status: 404 }),
      ),
    );
    renderWithQueryClient(<UserDetail id={USER_UUID} />);
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
  });
});

describe('user words', () => {
  it('reads audit entries it does not know, and leaves out what did not change', () => {
    expect(actionText(auditEntry({ action: 'user.merge_accounts', details: {} }))).toBe('Merge accounts');
    expect(actionText(auditEntry({ action: 'user.adjust_points', details: { points: -1 } }))).toBe('Took 1 point');
    expect(
      changesOf(
        auditEntry({ details: { before: { role: 'vendor', suspended: false }, after: { role: 'vendor', suspended: true } } }),
      ),
    ).toEqual([{ label: 'Standing', from: 'Active', to: 'Suspended' }]);
    expect(changesOf(auditEntry({ details: 'not an object' }))).toEqual([]);
  });

  it('takes whole points either way, not zero, at most a million', () => {
    expect(checkPoints('-20')).toEqual({ points: -20 });
    expect(checkPoints(' +5 ')).toEqual({ points: 5 });
    expect(checkPoints('0')).toHaveProperty('error');
    expect(checkPoints('1000001')).toHaveProperty('error');
    expect(checkPoints('1e3')).toEqual({ error: POINTS_NOT_WHOLE });
  });
});
