import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { Payout, PayoutRun } from '@/features/money/api/money-types';
import { AdminPayoutsPage } from '@/features/money/components/admin-payouts-page';
import { MONEY_MESSAGES } from '@/features/money/lib/adjustment-schema';
import { storeSession } from '@/test/auth';
import { ledger, OTHER_VENDOR_ID, payout, payoutRun, RUN_ID, VENDOR_ID } from '@/test/money';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { adminVendor } from '@/test/selling';

vi.mock('next/navigation', () => ({
  useRouter: vi.fn(() => ({ push: vi.fn(), replace: vi.fn() })),
  useSearchParams: vi.fn(() => new URLSearchParams()),
  usePathname: vi.fn(() => '/admin/payouts/'),
}));

const karoo = adminVendor({ id: VENDOR_ID, store_name: 'Karoo Outdoor Co.' });
const cape = adminVendor({ id: OTHER_VENDOR_ID, store_name: 'Cape Trail Co', store_slug: 'cape-trail-co', status: 'suspended' });

beforeEach(() => {
  storeSession();
});

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

type Problem = { status: number; message: string; fields?: Record<string, string> };

function problem({ status, message, fields }: Problem) {
  const code = status === 409 ? 'conflict' : status === 404 ? 'not_found' : 'bad_request';
  return HttpResponse.json({ error: { code, message, fields } }, { status });
}

/**
 * Serves the books, the vendors, runs (a dry run answers `preview`, a real one `run`) and
 * settlements (answered in turn), recording what is sent.
 */
function serveAdmin({
  preview = payoutRun({ dry_run: true }),
  run = payoutRun(),
  settlements = [],
  adjustments = [],
}: {
  preview?: PayoutRun;
  run?: PayoutRun;
  settlements?: (Payout | Problem)[];
  adjustments?: (Problem | null)[];
} = {}) {
  const calls = { ledger: 0, runs: [] as unknown[], settle: [] as unknown[], adjust: [] as { id: unknown; body: unknown }[] };
  server.use(
    http.get('*/api/v1/admin/ledger', () => {
      calls.ledger += 1;
      return HttpResponse.json(ledger());
    }),
    http.get('*/api/v1/admin/vendors', () => HttpResponse.json({ vendors: [cape, karoo], total: 2 })),
    http.post('*/api/v1/admin/payouts/runs', async ({ request }) => {
      const body = (await request.json()) as { dry_run: boolean };
      calls.runs.push(body);
      return body.dry_run ? HttpResponse.json(preview) : HttpResponse.json(run, { status: 201 });
    }),
    http.post('*/api/v1/admin/payouts/:id/settle', async ({ request, params }) => {
      calls.settle.push({ id: params.id, ...((await request.json()) as object) });
      const answer = settlements[calls.settle.length - 1];
      if (!answer) return problem({ status: 500, message: 'unexpected' });
      return 'message' in answer ? problem(answer) : HttpResponse.json(answer);
    }),
    http.post('*/api/v1/admin/vendors/:id/adjustments', async ({ request, params }) => {
      calls.adjust.push({ id: params.id, body: await request.json() });
      const answer = adjustments[calls.adjust.length - 1];
      if (answer) return problem(answer);
      return HttpResponse.json({ vendor_id: params.id, pending_cents: 48000, available_cents: 112950 });
    }),
  );
  return calls;
}

function renderPage() {
  return renderWithQueryClient(
    <>
      <AdminPayoutsPage />
      <Toaster />
    </>,
  );
}

/** Runs payouts for real through the confirm dialog, and answers the run's section. */
async function runPayouts(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Run payouts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Run payouts now?' });
  await user.click(within(dialog).getByRole('button', { name: 'Run payouts' }));
  return screen.findByTestId('payout-run');
}

describe('/admin/payouts: the books', () => {
  it('lists each account with its sum and says the books balance', async () => {
    serveAdmin();
    renderPage();
    const rows = (await screen.findAllByTestId('ledger-account')) as [HTMLElement, HTMLElement, HTMLElement];
    expect(screen.getByTestId('books-check')).toHaveTextContent('The books balance');
    expect(rows[0]).toHaveTextContent('Commission');
    expect(within(rows[0]).getByTestId('ledger-sum')).toHaveTextContent('-R62.40');
    expect(rows[1]).toHaveTextContent('Gateway and bank');
    expect(within(rows[1]).getByTestId('ledger-sum')).toHaveTextContent('R498.00');
    expect(rows[2]).toHaveTextContent('Vendors’ available balances');
    expect(screen.getByTestId('ledger-total')).toHaveTextContent('R0.00');
  });

  it('shows the API’s word when the admin’s second factor is not verified', async () => {
    serveAdmin();
    server.use(
      http.get('*/api/v1/admin/ledger', () =>
        HttpResponse.json(
          { error: { code: 'insufficient_aal', message: 'Verify your second factor to continue' } },
          { status: 403 },
        ),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Verify your second factor to continue');
  });
});

describe('/admin/payouts: payout runs', () => {
  it('previews a run without paying anyone: who would be paid, and who is owed with no payout account', async () => {
    const calls = serveAdmin({
      preview: payoutRun({ dry_run: true, without_account: [{ vendor_id: OTHER_VENDOR_ID, amount_cents: 20000 }] }),
    });
    renderPage();
    await screen.findAllByTestId('ledger-account');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Preview payout run' }));

    const preview = await screen.findByTestId('payout-preview');
    expect(calls.runs).toEqual([{ dry_run: true }]);
    expect(within(preview).getByRole('heading', { name: 'Preview: nothing is paid yet' })).toBeInTheDocument();
    expect(within(preview).getByTestId('run-summary')).toHaveTextContent('1 payout, R1,250.50 in all (at least R100.00 each).');
    const [row] = within(preview).getAllByTestId('run-payout') as [HTMLElement];
    expect(row).toHaveTextContent('Karoo Outdoor Co.');
    expect(row).toHaveTextContent('Karoo Outdoor (Pty) Ltd');
    expect(within(row).getByTestId('payout-account')).toHaveTextContent('6789');
    expect(within(row).getByTestId('payout-amount')).toHaveTextContent('R1,250.50');
    // A preview can be neither downloaded nor settled.
    expect(within(preview).queryByRole('button', { name: 'Download bank file' })).not.toBeInTheDocument();
    expect(within(preview).queryByRole('button', { name: /Mark paid/ })).not.toBeInTheDocument();
    const owed = await within(preview).findByTestId('owed-without-account');
    await waitFor(() => expect(owed).toHaveTextContent('Cape Trail Co'));
    expect(owed).toHaveTextContent('R200.00');
    // The books are unchanged: not read again.
    expect(calls.ledger).toBe(1);
  });

  it('runs payouts once confirmed: the run with its bank file replaces the preview, and the books are read again', async () => {
    const calls = serveAdmin();
    renderPage();
    await screen.findAllByTestId('ledger-account');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Preview payout run' }));
    await screen.findByTestId('payout-preview');

    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run payouts now?' });
    expect(dialog).toHaveTextContent('The last preview showed 1 payout, R1,250.50 in all');
    // Cancelling runs nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.runs).toEqual([{ dry_run: true }]);

    const run = await runPayouts(user);
    expect(calls.runs).toEqual([{ dry_run: true }, { dry_run: false }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('payout-preview')).not.toBeInTheDocument();
    expect(within(run).getByRole('heading', { name: 'Payout run made' })).toBeInTheDocument();
    const [row] = within(run).getAllByTestId('run-payout') as [HTMLElement];
    expect(within(row).getByTestId('status-badge')).toHaveTextContent('Sent');
    expect(within(row).getByRole('button', { name: 'Mark paid: Karoo Outdoor Co.' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Mark failed: Karoo Outdoor Co.' })).toBeInTheDocument();
    expect(within(run).getByRole('button', { name: 'Download bank file' })).toBeInTheDocument();
    expect(await screen.findByText('1 payout sent')).toBeInTheDocument();
    await waitFor(() => expect(calls.ledger).toBe(2));
  });

  it('says when nobody was due a payout, with no bank file', async () => {
    serveAdmin({ run: payoutRun({ payouts: [] }) });
    renderPage();
    await screen.findAllByTestId('ledger-account');
    const run = await runPayouts(userEvent.setup());
    expect(within(run).getByTestId('run-summary')).toHaveTextContent('Nobody was due a payout of at least R100.00.');
    expect(within(run).queryByRole('button', { name: 'Download bank file' })).not.toBeInTheDocument();
  });

  it('downloads the run’s bank file with the bearer token', async () => {
    serveAdmin();
    let auth: string | null = null;
    let runId: unknown = null;
    server.use(
      http.get('*/api/v1/admin/payouts/runs/:id/bank-file', ({ request, params }) => {
        auth = request.headers.get('authorization');
        runId = params.id;
        return new HttpResponse('Account holder,Account number,Branch code,Amount,Reference\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const saved: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:test/0' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      renderPage();
      await screen.findAllByTestId('ledger-account');
      const user = userEvent.setup();
      const run = await runPayouts(user);
      await user.click(within(run).getByRole('button', { name: 'Download bank file' }));
      await waitFor(() => expect(saved).toEqual(['payouts-0190e000.csv']));
      expect(auth).toMatch(/^Bearer /);
      expect(runId).toBe(RUN_ID);
    } finally {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });
});

describe('/admin/payouts: settling a payout', () => {
  it('marks a payout failed only with a reason: checked first, then the API’s field error, then settled', async () => {
    const serverMessage = 'Say why the payout failed (3 to 500 characters)';
    const calls = serveAdmin({
      settlements: [
        { status: 400, message: serverMessage, fields: { reason: serverMessage } },
        payout({ status: 'failed', failure_reason: 'The account is closed', settled_at: '2026-11-21T10:00:00Z' }),
      ],
    });
    renderPage();
    await screen.findAllByTestId('ledger-account');
    const user = userEvent.setup();
    const run = await runPayouts(user);

    await user.click(within(run).getByRole('button', { name: 'Mark failed: Karoo Outdoor Co.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the payout to Karoo Outdoor Co. failed?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });

    // No reason: refused here, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(MONEY_MESSAGES.failedReason);
    expect(calls.settle).toEqual([]);

    // The API refuses this one: its message lands on the reason.
    await user.type(reason, 'Bad');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() => expect(calls.settle).toHaveLength(1));
    expect(calls.settle[0]).toEqual({ id: payout().id, status: 'failed', reason: 'Bad' });
    await waitFor(() => expect(reason).toHaveAccessibleDescription(serverMessage));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.clear(reason);
    await user.type(reason, '  The account is closed ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.settle[1]).toEqual({ id: payout().id, status: 'failed', reason: 'The account is closed' });
    const [row] = within(run).getAllByTestId('run-payout') as [HTMLElement];
    expect(within(row).getByTestId('status-badge')).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('The account is closed');
    expect(within(row).queryByRole('button', { name: /Mark/ })).not.toBeInTheDocument();
  });

  it('marks a payout paid once confirmed, and says so when it was settled already', async () => {
    const calls = serveAdmin({
      settlements: [
        { status: 409, message: 'This payout is paid already' },
        payout({ status: 'paid', settled_at: '2026-11-21T10:00:00Z' }),
      ],
    });
    renderPage();
    await screen.findAllByTestId('ledger-account');
    const user = userEvent.setup();
    const run = await runPayouts(user);

    await user.click(within(run).getByRole('button', { name: 'Mark paid: Karoo Outdoor Co.' }));
    let dialog = await screen.findByRole('dialog', { name: 'Mark the payout to Karoo Outdoor Co. paid?' });
    expect(dialog).toHaveTextContent('R1,250.50 to Karoo Outdoor (Pty) Ltd (account ending 6789)');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This payout is paid already');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(run).getByRole('button', { name: 'Mark paid: Karoo Outdoor Co.' }));
    dialog = await screen.findByRole('dialog', { name: 'Mark the payout to Karoo Outdoor Co. paid?' });
    // The failure was forgotten when the dialog closed.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.settle).toEqual([
      { id: payout().id, status: 'paid' },
      { id: payout().id, status: 'paid' },
    ]);
    const [row] = within(run).getAllByTestId('run-payout') as [HTMLElement];
    expect(within(row).getByTestId('status-badge')).toHaveTextContent('Paid');
    expect(await screen.findByText('Payout to Karoo Outdoor Co. marked paid')).toBeInTheDocument();
  });
});

describe('/admin/payouts: adjusting a vendor’s balance', () => {
  it('checks the form first, shows the API’s field errors on the fields, then adjusts', async () => {
    const amountMessage = 'An adjustment is not zero and at most R1,000,000.00 either way';
    const calls = serveAdmin({ adjustments: [{ status: 400, message: amountMessage, fields: { amount_cents: amountMessage } }] });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Adjust a vendor’s balance' });
    const vendor = within(form).getByRole('combobox', { name: 'Vendor' });
    await waitFor(() => expect(vendor).toBeEnabled());
    expect(within(vendor).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a vendor',
      'Cape Trail Co (Suspended)',
      'Karoo Outdoor Co.',
    ]);
    const amount = within(form).getByRole('textbox', { name: 'Amount (R)' });
    const reason = within(form).getByRole('textbox', { name: 'Reason' });
    const user = userEvent.setup();

    await user.click(within(form).getByRole('button', { name: 'Adjust balance' }));
    await waitFor(() => expect(vendor).toHaveAccessibleDescription(MONEY_MESSAGES.vendor));
    expect(amount).toHaveAccessibleDescription(`e.g. 250.00 or -120.50 ${MONEY_MESSAGES.amount}`);
    expect(reason).toHaveAccessibleDescription(`3 to 500 characters, shown on the vendor’s statement. ${MONEY_MESSAGES.reason}`);

    await user.selectOptions(vendor, 'Karoo Outdoor Co.');
    await user.type(amount, '12.345');
    await user.type(reason, 'Courier fee refunded twice');
    await user.click(within(form).getByRole('button', { name: 'Adjust balance' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(`e.g. 250.00 or -120.50 ${MONEY_MESSAGES.amount}`));
    expect(calls.adjust).toEqual([]);

    // The API's own field error lands on the amount.
    await user.clear(amount);
    await user.type(amount, '-120.50');
    await user.click(within(form).getByRole('button', { name: 'Adjust balance' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(`e.g. 250.00 or -120.50 ${amountMessage}`));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(calls.adjust).toEqual([{ id: VENDOR_ID, body: { amount_cents: -12050, reason: 'Courier fee refunded twice' } }]);

    await user.click(within(form).getByRole('button', { name: 'Adjust balance' }));
    expect(await within(form).findByTestId('adjustment-done')).toHaveTextContent(
      'Karoo Outdoor Co. now has R1,129.50 available and R480.00 pending.',
    );
    expect(calls.adjust).toHaveLength(2);
    expect(vendor).toHaveValue('');
    expect(amount).toHaveValue('');
    await waitFor(() => expect(calls.ledger).toBe(2));
  });
});
