import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { PERCENT_INVALID } from '@/lib/selling/commission';
import type { Agreement, AgreementInput } from '@/lib/selling/types';
import { PUBLISHED_ELSEWHERE } from '@/features/admin/api/agreements';
import { AdminAgreementsPage, publishWarning } from '@/features/admin/components/agreements-page';
import { AGREEMENT_MESSAGES } from '@/features/admin/lib/agreement-schema';
import { currentAgreementQueryOptions } from '@/features/vendor/api/agreements';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { agreement } from '@/test/selling';

const V1 = agreement({
  id: '0190d000-0000-7000-8000-00000000a001',
  version: 1,
  title: 'Vendor Agreement 2025',
  commission_rate_bps: 1000,
  payout_schedule: 'Monthly, on the 1st',
  terms: 'The first terms.\n\nPaid monthly.',
  published_at: '2025-03-01T08:00:00Z',
});
const V2 = agreement({ id: '0190d000-0000-7000-8000-00000000a002' });

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
beforeEach(() => {
  toast.dismiss();
});

type Publish = (body: AgreementInput, versions: Agreement[]) => Response | Agreement;

/** The versions kept in memory, newest first, as the server keeps them; records each POST body. */
function serveAgreements(initial: Agreement[], publish?: Publish) {
  let versions = initial;
  const posted: AgreementInput[] = [];
  let lists = 0;
  server.use(
    http.get('*/api/v1/admin/vendor-agreements', () => {
      lists += 1;
      return HttpResponse.json({ agreements: versions });
    }),
    http.post('*/api/v1/admin/vendor-agreements', async ({ request }) => {
      const body = (await request.json()) as AgreementInput;
      posted.push(body);
      const answer = publish?.(body, versions);
      if (answer instanceof Response) return answer;
      const created: Agreement = answer ?? {
        ...body,
        id: `0190d000-0000-7000-8000-00000000a00${versions.length + 1}`,
        version: (versions[0]?.version ?? 0) + 1,
        published_at: '2026-11-20T09:00:00Z',
      };
      versions = [created, ...versions];
      return HttpResponse.json(created, { status: 201 });
    }),
  );
  return { posted, lists: () => lists, add: (next: Agreement) => (versions = [next, ...versions]) };
}

function renderPage() {
  storeSession();
  return renderWithQueryClient(
    <>
      <AdminAgreementsPage />
      <Toaster />
    </>,
  );
}

/** The error message shown under an input (its aria-describedby's `-error` element). */
function errorUnder(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const id = ids.find((candidate) => candidate.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('/admin/agreements', () => {
  it('lists the versions newest first, marks the current one, and opens each one’s terms', async () => {
    serveAgreements([V2, V1]);
    renderPage();
    const cards = await screen.findAllByTestId('agreement-version');
    expect(cards).toHaveLength(2);
    const [current, older] = cards as [HTMLElement, HTMLElement];

    expect(within(current).getByRole('heading', { name: 'Version 2 · Vendor Agreement 2026' })).toBeInTheDocument();
    expect(within(current).getByTestId('status-badge')).toHaveTextContent('Current');
    expect(within(current).getByTestId('agreement-commission')).toHaveTextContent('12.5%');
    expect(within(current).getByText('Weekly, every Friday')).toBeInTheDocument();
    expect(within(current).getByText('15 Jan 2026')).toBeInTheDocument();

    expect(within(older).getByRole('heading', { name: 'Version 1 · Vendor Agreement 2025' })).toBeInTheDocument();
    expect(within(older).queryByTestId('status-badge')).not.toBeInTheDocument();
    expect(within(older).getByTestId('agreement-commission')).toHaveTextContent('10%');

    const user = userEvent.setup();
    const read = within(older).getByRole('button', { name: 'Read the terms of version 1' });
    expect(read).toHaveAttribute('aria-expanded', 'false');
    expect(within(older).queryByText('Paid monthly.')).not.toBeInTheDocument();
    await user.click(read);
    const terms = within(older).getByRole('region', { name: 'Terms of version 1' });
    expect(within(terms).getByText('The first terms.')).toBeInTheDocument();
    expect(within(terms).getByText('Paid monthly.')).toBeInTheDocument();
    await user.click(within(older).getByRole('button', { name: 'Hide the terms of version 1' }));
    expect(within(older).queryByText('Paid monthly.')).not.toBeInTheDocument();
  });

  it('publishes a new version from the current one, the commission sent in basis points, after a warning', async () => {
    const api = serveAgreements([V2, V1]);
    const { queryClient } = renderPage();
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'New agreement version' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Vendor Agreement 2026');
    const commission = within(form).getByLabelText('Commission (%)');
    expect(commission).toHaveValue('12.5');
    expect(within(form).getByLabelText('Payout schedule')).toHaveValue('Weekly, every Friday');
    expect(within(form).getByLabelText('Terms')).toHaveValue(V2.terms);

    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Vendor Agreement 2027');
    await user.clear(commission);
    await user.type(commission, '12,75 %');
    await user.click(within(form).getByRole('button', { name: 'Publish version 3' }));

    const dialog = await screen.findByRole('dialog', { name: 'Publish version 3?' });
    expect(dialog).toHaveTextContent(
      'Every vendor will have to accept version 3 before publishing products again.',
    );
    expect(publishWarning(3)).toBe('Every vendor will have to accept version 3 before publishing products again.');
    expect(within(dialog).getByTestId('publish-commission')).toHaveTextContent('12.75%');
    expect(api.posted).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, publish version 3' }));
    expect(await screen.findByText('Version 3 published')).toBeInTheDocument();
    expect(api.posted).toEqual([
      {
        title: 'Vendor Agreement 2027',
        commission_rate_bps: 1275,
        payout_schedule: 'Weekly, every Friday',
        terms: V2.terms,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The list is read again: the new version is the current one.
    await waitFor(() => expect(screen.getAllByTestId('agreement-version')).toHaveLength(3));
    const [newest, previous] = screen.getAllByTestId('agreement-version') as [HTMLElement, HTMLElement];
    expect(within(newest).getByRole('heading', { name: 'Version 3 · Vendor Agreement 2027' })).toBeInTheDocument();
    expect(within(newest).getByTestId('status-badge')).toHaveTextContent('Current');
    expect(within(previous).queryByTestId('status-badge')).not.toBeInTheDocument();
    // The form now starts from version 3, and what shows the current agreement has it.
    expect(screen.getByRole('button', { name: 'Publish version 4' })).toBeInTheDocument();
    expect(screen.getByLabelText('Commission (%)')).toHaveValue('12.75');
    expect(queryClient.getQueryData(currentAgreementQueryOptions().queryKey)).toMatchObject({ version: 3 });
  });

  it('cancels in the dialog without publishing', async () => {
    const api = serveAgreements([V2]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish version 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish version 3?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.posted).toHaveLength(0);
  });

  it('checks the limits before asking', async () => {
    const api = serveAgreements([V2]);
    renderPage();
    const user = userEvent.setup();
    const title = await screen.findByLabelText('Title');
    const commission = screen.getByLabelText('Commission (%)');
    const terms = screen.getByLabelText('Terms');
    await user.clear(title);
    await user.type(title, 'V2');
    await user.clear(commission);
    await user.type(commission, '75');
    await user.clear(terms);
    await user.type(terms, 'Too short.');
    await user.click(screen.getByRole('button', { name: 'Publish version 3' }));

    await waitFor(() => expect(errorUnder(title)).toBe(AGREEMENT_MESSAGES.title));
    expect(errorUnder(commission)).toBe(PERCENT_INVALID);
    expect(errorUnder(terms)).toBe(AGREEMENT_MESSAGES.terms);
    expect(errorUnder(screen.getByLabelText('Payout schedule'))).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.posted).toHaveLength(0);
  });

  it('shows the server’s field errors under their inputs', async () => {
    const api = serveAgreements([V2], () =>
      HttpResponse.json(
        {
          error: {
            code: 'validation_failed',
            message: 'Payout schedule must not contain control characters',
            fields: {
              payout_schedule: 'Payout schedule must not contain control characters',
              commission_rate_bps: 'A commission rate is 0 to 5000 basis points (0 % to 50 %)',
            },
          },
        },
        { status: 400 },
      ),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish version 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish version 3?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, publish version 3' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.posted).toHaveLength(1);
    expect(errorUnder(screen.getByLabelText('Payout schedule'))).toBe('Payout schedule must not contain control characters');
    expect(errorUnder(screen.getByLabelText('Commission (%)'))).toBe(
      'A commission rate is 0 to 5000 basis points (0 % to 50 %)',
    );
    expect(screen.getByLabelText('Commission (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(errorUnder(screen.getByLabelText('Title'))).toBeNull();
    expect(errorUnder(screen.getByLabelText('Terms'))).toBeNull();
    expect(screen.queryByText(/published$/)).not.toBeInTheDocument();
  });

  it('says so when another version was published meanwhile, and shows it', async () => {
    const v3 = agreement({ id: '0190d000-0000-7000-8000-00000000a003', version: 3, title: 'Someone else’s' });
    const state = serveAgreements([V2], () => {
      state.add(v3);
      return HttpResponse.json(
        { error: { code: 'agreement_published', message: 'Another version was published meanwhile: reload' } },
        { status: 409 },
      );
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), ' (revised)');
    await user.click(screen.getByRole('button', { name: 'Publish version 3' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, publish version 3' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(PUBLISHED_ELSEWHERE);
    await waitFor(() => expect(screen.getAllByTestId('agreement-version')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Version 3 · Someone else’s' })).toBeInTheDocument();
    // What the admin wrote is kept, for the next version.
    expect(screen.getByLabelText('Title')).toHaveValue('Vendor Agreement 2026 (revised)');
    expect(screen.getByRole('button', { name: 'Publish version 4' })).toBeInTheDocument();
  });
});
