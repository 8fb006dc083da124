import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useRouter } from 'next/navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pointsBatchHref, pointsCodesFilename, type PointsBatch } from '@/features/admin/api/points-codes';
import {
  AdminPointsCodesPage,
  batchStatus,
  POINTS_BATCH_MESSAGES,
  saDay,
} from '@/features/admin/components/points-codes-page';
import { errorUnder } from '@/test/admin-settings';
import { server } from '@/test/msw-server';
import {
  catchDownloads,
  FLYERS,
  FLYERS_ID,
  OLD,
  pointsBatch,
  problem,
  type Problem,
  renderAdminAt,
  SORRY,
} from '@/test/points-codes';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

/**
 * The batches kept in memory, as the server keeps them (newest first); records each list query,
 * creation and disabling. `answers.create` make creations fail, in turn.
 */
function serveBatches(initial: PointsBatch[], answers: { create?: Problem[]; total?: number } = {}) {
  let batches = initial;
  const lists: string[] = [];
  const created: unknown[] = [];
  const disabled: string[] = [];
  server.use(
    http.get('*/api/v1/admin/points-codes', ({ request }) => {
      lists.push(new URL(request.url).search);
      return HttpResponse.json({ batches, total: answers.total ?? batches.length });
    }),
    http.post('*/api/v1/admin/points-codes', async ({ request }) => {
      const body = (await request.json()) as { name: string; points: number; count: number; expires_on: string };
      created.push(body);
      const failure = answers.create?.shift();
      if (failure) return problem(failure);
      const made = pointsBatch({
        id: '0190f300-0000-7000-8000-000000000009',
        name: body.name,
        points: body.points,
        size: body.count,
        redeemed: 0,
        expires_at: `${body.expires_on}T21:59:59Z`,
        created_at: '2026-11-28T09:00:00Z',
      });
      batches = [made, ...batches];
      return HttpResponse.json(made, { status: 201 });
    }),
    http.post('*/api/v1/admin/points-codes/:id/disable', ({ params }) => {
      disabled.push(String(params.id));
      const row = batches.find((candidate) => candidate.id === params.id);
      if (!row) return problem({ status: 404, code: 'not_found', message: 'Batch not found' });
      const next = { ...row, disabled_at: '2026-11-28T10:00:00Z' };
      batches = batches.map((candidate) => (candidate.id === row.id ? next : candidate));
      return HttpResponse.json(next);
    }),
  );
  return { lists, created, disabled };
}

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
  toast.dismiss();
});

function rowOf(name: string): HTMLElement {
  const row = screen.getAllByTestId('points-batch').find((element) => within(element).queryByText(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

describe('/admin/points-codes', () => {
  it('lists the batches with their codes redeemed, last day, maker and status', async () => {
    const { lists } = serveBatches([FLYERS, SORRY, OLD]);
    renderAdminAt(<AdminPointsCodesPage />);

    expect(await screen.findByTestId('batches-total')).toHaveTextContent('3 batches');
    expect(lists).toEqual(['?page=1&per_page=20']);
    expect(screen.getByRole('heading', { level: 1, name: 'Points codes' })).toBeInTheDocument();

    const flyers = rowOf('Heritage Day flyers');
    expect(within(flyers).getByTestId('batch-points')).toHaveTextContent('250 points a code');
    expect(within(flyers).getByTestId('batch-redeemed')).toHaveTextContent('3 of 500');
    expect(within(flyers).getByTestId('batch-last-day')).toHaveTextContent('31 Dec 2099');
    expect(within(flyers).getByTestId('batch-creator')).toHaveTextContent('admin@bazaar.test20 Nov 2026');
    expect(within(flyers).getByTestId('batch-status')).toHaveTextContent('Active');
    expect(within(flyers).getByRole('link', { name: 'View: Heritage Day flyers' })).toHaveAttribute(
      'href',
      pointsBatchHref(FLYERS_ID),
    );
    expect(within(flyers).getByRole('button', { name: 'Export CSV: Heritage Day flyers' })).toBeInTheDocument();
    expect(within(flyers).getByRole('button', { name: 'Disable: Heritage Day flyers' })).toBeInTheDocument();

    const sorry = rowOf('Sorry for the delay');
    expect(within(sorry).getByTestId('batch-redeemed')).toHaveTextContent('20 of 20');
    expect(within(sorry).getByTestId('batch-status')).toHaveTextContent('Disabled');
    expect(within(sorry).getByTestId('batch-creator')).toHaveTextContent('An admin since removed');
    // Disabled already: nothing to disable.
    expect(within(sorry).queryByRole('button', { name: /^Disable/ })).not.toBeInTheDocument();

    expect(within(rowOf('Winter sale')).getByTestId('batch-status')).toHaveTextContent('Expired');
    expect(screen.queryByRole('navigation', { name: 'Batch pages' })).not.toBeInTheDocument();
  });

  it('pages through the batches', async () => {
    const { lists } = serveBatches([FLYERS], { total: 45 });
    renderAdminAt(<AdminPointsCodesPage />, 'page=2');
    const pages = await screen.findByRole('navigation', { name: 'Batch pages' });
    expect(lists).toEqual(['?page=2&per_page=20']);
    expect(pages).toHaveTextContent('Page 2 of 3');
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/admin/points-codes/');
    expect(within(pages).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/admin/points-codes/?page=3');
  });

  it('says when there are no batches yet', async () => {
    serveBatches([]);
    renderAdminAt(<AdminPointsCodesPage />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No batches yet');
  });

  it('checks a new batch before sending, with the server’s messages', async () => {
    const { created } = serveBatches([]);
    renderAdminAt(<AdminPointsCodesPage />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New batch' });

    await user.click(within(form).getByRole('button', { name: 'Make the codes' }));
    await waitFor(() => expect(errorUnder(screen.getByLabelText('Name'))).toBe(POINTS_BATCH_MESSAGES.name));
    expect(errorUnder(screen.getByLabelText('Points per code'))).toBe('Each code gives 1 to 100000 points');
    expect(errorUnder(screen.getByLabelText('Number of codes'))).toBe('A batch has 1 to 10000 codes');
    expect(errorUnder(screen.getByLabelText('Last day'))).toBe('Enter the last day the codes work (YYYY-MM-DD)');
    expect(screen.getByLabelText('Name')).toHaveFocus();

    await user.type(screen.getByLabelText('Name'), 'x'.repeat(80));
    await user.type(screen.getByLabelText('Points per code'), '100001');
    await user.type(screen.getByLabelText('Number of codes'), '0');
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: saDay(Date.now(), -2) } });
    await user.click(within(form).getByRole('button', { name: 'Make the codes' }));
    await waitFor(() => expect(errorUnder(screen.getByLabelText('Last day'))).toBe(POINTS_BATCH_MESSAGES.dayRange));
    expect(errorUnder(screen.getByLabelText('Name'))).toBeNull();
    expect(errorUnder(screen.getByLabelText('Points per code'))).toBe('Each code gives 1 to 100000 points');
    expect(errorUnder(screen.getByLabelText('Number of codes'))).toBe('A batch has 1 to 10000 codes');
    expect(created).toHaveLength(0);
  });

  it('makes a batch, showing the fields the server refused first, and lists it', async () => {
    const lastDay = saDay(Date.now(), 30);
    const { created, lists } = serveBatches([FLYERS], {
      create: [
        {
          status: 400,
          code: 'validation',
          message: 'Invalid batch',
          fields: { count: 'A batch has 1 to 10000 codes', expires_on: 'The last day is from today to five years from now' },
        },
      ],
    });
    renderAdminAt(<AdminPointsCodesPage />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New batch' });
    await screen.findByTestId('batches-total');

    await user.type(screen.getByLabelText('Name'), '  Market day  ');
    await user.type(screen.getByLabelText('Points per code'), '100');
    await user.type(screen.getByLabelText('Number of codes'), '5');
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: lastDay } });
    await user.click(within(form).getByRole('button', { name: 'Make the codes' }));

    await waitFor(() => expect(errorUnder(screen.getByLabelText('Number of codes'))).toBe('A batch has 1 to 10000 codes'));
    expect(errorUnder(screen.getByLabelText('Last day'))).toBe('The last day is from today to five years from now');
    expect(screen.getByLabelText('Number of codes')).toHaveFocus();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Make the codes' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Made 5 codes of 100 points each: “Market day”.');
    expect(created).toEqual([
      { name: 'Market day', points: 100, count: 5, expires_on: lastDay },
      { name: 'Market day', points: 100, count: 5, expires_on: lastDay },
    ]);
    // The form is empty again, and the list shows the new batch first.
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await waitFor(() => expect(screen.getAllByTestId('points-batch')).toHaveLength(2));
    expect(within(screen.getAllByTestId('points-batch')[0]!).getByTestId('batch-name')).toHaveTextContent('Market day');
    expect(within(rowOf('Market day')).getByTestId('batch-redeemed')).toHaveTextContent('0 of 5');
    expect(lists).toHaveLength(2);
    expect(replace).not.toHaveBeenCalled();
  });

  it('goes back to the first page after making a batch on another', async () => {
    serveBatches([FLYERS], { total: 45 });
    renderAdminAt(<AdminPointsCodesPage />, 'page=2');
    const user = userEvent.setup();
    await screen.findByTestId('batches-total');
    await user.type(screen.getByLabelText('Name'), 'Market day');
    await user.type(screen.getByLabelText('Points per code'), '100');
    await user.type(screen.getByLabelText('Number of codes'), '5');
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: saDay(Date.now(), 1) } });
    await user.click(screen.getByRole('button', { name: 'Make the codes' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/admin/points-codes/', { scroll: false }));
  });

  it('disables a batch only once confirmed', async () => {
    const { disabled } = serveBatches([FLYERS, OLD]);
    renderAdminAt(<AdminPointsCodesPage />);
    const user = userEvent.setup();
    await screen.findByTestId('batches-total');

    await user.click(within(rowOf('Heritage Day flyers')).getByRole('button', { name: 'Disable: Heritage Day flyers' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable “Heritage Day flyers”?' });
    expect(dialog).toHaveTextContent('Its 497 codes not yet redeemed stop working at once; points already given stay.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(disabled).toEqual([]);

    await user.click(within(rowOf('Heritage Day flyers')).getByRole('button', { name: 'Disable: Heritage Day flyers' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable “Heritage Day flyers”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable the batch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(disabled).toEqual([FLYERS_ID]);
    await waitFor(() => expect(within(rowOf('Heritage Day flyers')).getByTestId('batch-status')).toHaveTextContent('Disabled'));
    expect(within(rowOf('Heritage Day flyers')).queryByRole('button', { name: /^Disable/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Batch disabled')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s message when disabling fails', async () => {
    serveBatches([FLYERS]);
    server.use(
      http.post('*/api/v1/admin/points-codes/:id/disable', () =>
        problem({ status: 404, code: 'not_found', message: 'Batch not found' }),
      ),
    );
    renderAdminAt(<AdminPointsCodesPage />);
    const user = userEvent.setup();
    await screen.findByTestId('batches-total');
    await user.click(screen.getByRole('button', { name: 'Disable: Heritage Day flyers' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disable the batch' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Batch not found');
  });

  describe('export', () => {
    let downloads: ReturnType<typeof catchDownloads>;
    beforeEach(() => {
      downloads = catchDownloads();
    });
    afterEach(() => downloads.restore());

    it('fetches the batch’s codes with the bearer token and saves them as a CSV file', async () => {
      serveBatches([FLYERS]);
      let auth: string | null = null;
      let batchId: unknown = null;
      server.use(
        http.get('*/api/v1/admin/points-codes/:id/export', ({ request, params }) => {
          auth = request.headers.get('authorization');
          batchId = params.id;
          return new HttpResponse('Code,Points,Expires,Status,Redeemed at,Redeemed by\n', {
            headers: { 'Content-Type': 'text/csv; charset=utf-8' },
          });
        }),
      );
      renderAdminAt(<AdminPointsCodesPage />);
      const user = userEvent.setup();
      await screen.findByTestId('batches-total');
      await user.click(screen.getByRole('button', { name: 'Export CSV: Heritage Day flyers' }));
      await waitFor(() => expect(downloads.saved).toEqual(['points-codes-heritage-day-flyers.csv']));
      expect(auth).toMatch(/^Bearer /);
      expect(batchId).toBe(FLYERS_ID);
    });

    it('says when the codes could not be exported', async () => {
      serveBatches([FLYERS]);
      server.use(
        http.get('*/api/v1/admin/points-codes/:id/export', () =>
          problem({ status: 404, code: 'not_found', message: 'Batch not found' }),
        ),
      );
      renderAdminAt(<AdminPointsCodesPage />);
      const user = userEvent.setup();
      await screen.findByTestId('batches-total');
      await user.click(screen.getByRole('button', { name: 'Export CSV: Heritage Day flyers' }));
      expect(await screen.findByText('Not downloaded')).toBeInTheDocument();
      expect(screen.getByText('Batch not found')).toBeInTheDocument();
      expect(downloads.saved).toEqual([]);
    });
  });

  it('names the CSV file after the batch', () => {
    expect(pointsCodesFilename({ id: FLYERS_ID, name: 'Heritage Day flyers' })).toBe('points-codes-heritage-day-flyers.csv');
    expect(pointsCodesFilename({ id: FLYERS_ID, name: 'Café & braai — 2026!' })).toBe('points-codes-cafe-braai-2026.csv');
    expect(pointsCodesFilename({ id: FLYERS_ID, name: '★★★' })).toBe('points-codes-0190f300.csv');
  });

  it('tells active, disabled and expired batches apart', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(batchStatus(FLYERS, now).label).toBe('Active');
    expect(batchStatus({ ...FLYERS, expires_at: '2026-11-28T11:59:59Z' }, now).label).toBe('Expired');
    expect(batchStatus({ ...OLD, disabled_at: '2020-01-01T00:00:00Z' }, now).label).toBe('Disabled');
  });

  it('counts the days as South Africa does', () => {
    // 23:30 UTC is already the next day in Johannesburg.
    expect(saDay(Date.parse('2026-11-28T23:30:00Z'))).toBe('2026-11-29');
    expect(saDay(Date.parse('2026-11-28T21:00:00Z'), 2)).toBe('2026-11-30');
  });
});
