import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApplicationDetail, MESSAGE_REQUIRED } from '@/features/admin/components/application-detail';
import type { Application } from '@/lib/selling/types';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { application } from '@/test/selling';

/** Serves one application; `decide` answers the decision call. */
function serveApplication(initial: Application, decide: (body: { decision: string; message?: string | null }) => Response) {
  let current = initial;
  const decisions: unknown[] = [];
  server.use(
    http.get('*/api/v1/admin/vendor-applications/:id', () => HttpResponse.json(current)),
    http.post('*/api/v1/admin/vendor-applications/:id/decision', async ({ request }) => {
      const body = (await request.json()) as { decision: string; message?: string | null };
      decisions.push(body);
      return decide(body);
    }),
  );
  return {
    decisions,
    change: (next: Application) => {
      current = next;
    },
  };
}

describe('ApplicationDetail', () => {
  it('shows every field, with the account number masked, and the history', async () => {
    storeSession();
    serveApplication(application({ vat_number: '4123456789' }), () => HttpResponse.json({}));
    renderWithQueryClient(<ApplicationDetail id="a-1" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Cape Trail Co' })).toBeInTheDocument();
    expect(screen.getByText('•••• 6789')).toBeInTheDocument();
    expect(screen.getByText('4123456789')).toBeInTheDocument();
    expect(screen.getByText('chloe@example.com')).toBeInTheDocument();
    expect(screen.getByText('Trail running gear made and tested in the Cape.')).toBeInTheDocument();
    expect(within(screen.getByTestId('status-timeline')).getByText('Submitted')).toBeInTheDocument();
  });

  it('says someone else already decided it on a 409, and shows what they decided', async () => {
    storeSession();
    const submitted = application();
    // Another admin rejected it a moment before: the server now has their decision.
    const decided: Application = {
      ...submitted,
      status: 'rejected',
      decision_message: 'Duplicate store',
      history: [...submitted.history, { status: 'rejected', message: 'Duplicate store', created_at: '2026-03-02T10:00:00Z' }],
    };
    const served = serveApplication(submitted, () => {
      served.change(decided);
      return HttpResponse.json(
        { error: { code: 'conflict', message: 'This application was already decided' } },
        { status: 409 },
      );
    });
    renderWithQueryClient(<ApplicationDetail id={submitted.id} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else already decided this application');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
    expect(await screen.findByText('Duplicate store')).toBeInTheDocument();
    expect(served.decisions).toEqual([{ decision: 'approve' }]);
  });

  it('needs a message to reject, then sends it', async () => {
    storeSession();
    const submitted = application();
    const served = serveApplication(submitted, (body) =>
      HttpResponse.json({ ...submitted, status: 'rejected', decision_message: body.message ?? null }),
    );
    renderWithQueryClient(<ApplicationDetail id={submitted.id} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: 'Reject application' }));
    expect(screen.getByText(MESSAGE_REQUIRED)).toBeInTheDocument();
    expect(served.decisions).toEqual([]);

    await user.type(screen.getByLabelText('Reason for rejecting'), 'Store name is a trademark');
    await user.click(screen.getByRole('button', { name: 'Reject application' }));
    await waitFor(() =>
      expect(served.decisions).toEqual([{ decision: 'reject', message: 'Store name is a trademark' }]),
    );
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
  });

  it('shows the server’s message error under the box', async () => {
    storeSession();
    const submitted = application();
    serveApplication(submitted, () =>
      HttpResponse.json(
        { error: { code: 'validation_failed', message: 'Invalid', fields: { message: 'A message is at most 2000 characters' } } },
        { status: 400 },
      ),
    );
    renderWithQueryClient(<ApplicationDetail id={submitted.id} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request changes' }));
    await user.type(screen.getByLabelText('Changes to ask for'), 'Add your VAT number');
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('A message is at most 2000 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Changes to ask for')).toHaveAttribute('aria-invalid', 'true');
  });
});
