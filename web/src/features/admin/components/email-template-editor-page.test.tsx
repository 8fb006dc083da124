import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { describe, expect, it, vi } from 'vitest';
import { emailTemplateQueryOptions, emailTemplatesQueryOptions } from '@/features/admin/api/email-templates';
import {
  AdminEmailTemplateEditorPage,
  EMAIL_FIELDS_REFUSED,
} from '@/features/admin/components/email-template-editor-page';
import { storeSession } from '@/test/auth';
import { DEFAULT_ORDER_CONFIRMED, emailSummaries, orderConfirmed, serveTemplate } from '@/test/email-templates';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useSearchParams: vi.fn() }));

const CHANGED = 'Someone saved this email since you opened it: reload to see their version';

function renderPage(search = '?key=order_confirmed') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(<AdminEmailTemplateEditorPage />);
}

/** The error message shown under an input (its aria-describedby's `-error` element). */
function errorUnder(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const id = ids.find((candidate) => candidate.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function field(label: 'Subject' | 'Plain-text body' | 'HTML body'): HTMLInputElement | HTMLTextAreaElement {
  return screen.getByLabelText(label);
}

/** Replaces a field's value in one change, as a paste would (typing braces needs escaping in user-event). */
function paste(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('/admin/email-templates/edit', () => {
  it('loads the email’s parts and variables, and previews it with the samples', async () => {
    const api = serveTemplate(orderConfirmed());
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Order confirmed' })).toBeInTheDocument();
    expect(screen.getByText("To the customer when an order's payment is confirmed")).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Edited 20 Nov 2026');
    expect(screen.getByRole('link', { name: 'All emails' })).toHaveAttribute('href', '/admin/email-templates/');
    expect(field('Subject')).toHaveValue('Thanks! Order {{ order_number }} is confirmed');
    expect(field('Plain-text body')).toHaveValue('Hi {{ customer_name }},\n\nOrder {{ order_number }} for {{ total }} is confirmed.\n');
    expect(field('HTML body')).toHaveValue('<p>Hi {{ customer_name }}, order <b>{{ order_number }}</b> is confirmed.</p>');

    const variables = screen.getByRole('list', { name: 'Variables' });
    expect(within(variables).getAllByRole('button').map((button) => button.textContent)).toEqual([
      '{{ customer_name }}',
      '{{ order_number }}',
      '{{ order_url }}',
      '{{ total }}',
    ]);
    expect(variables).toHaveTextContent("The order's number");
    expect(variables).toHaveTextContent('Preview: BZ-1042');

    // The preview of the template as loaded, with the version it came from.
    expect(await screen.findByTestId('preview-subject')).toHaveTextContent('Thanks! Order BZ-1042 is confirmed');
    expect(api.calls.preview[0]).toEqual({ ...pick(orderConfirmed()), updated_at: '2026-11-20T09:30:00Z' });
    expect(screen.getByTestId('preview-text').tagName).toBe('PRE');
    expect(screen.getByTestId('preview-text')).toHaveTextContent('Order BZ-1042 for R1,234.50 is confirmed.');
    const frame = screen.getByTitle('HTML preview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Hi Thandi, order <b>BZ-1042</b> is confirmed.</p>');
  });

  it('previews the draft again a moment after each change', async () => {
    const api = serveTemplate(orderConfirmed());
    renderPage();
    await screen.findByTestId('preview-subject');
    const subject = field('Subject');
    paste(subject, 'Siyabonga! Order {{ order_number }} is confirmed');

    await waitFor(() => expect(screen.getByTestId('preview-subject')).toHaveTextContent('Siyabonga! Order BZ-1042 is confirmed'));
    expect(api.calls.preview.at(-1)).toMatchObject({ subject: 'Siyabonga! Order {{ order_number }} is confirmed' });
    const calls = api.calls.preview.length;
    // Typing is sent once it pauses, not per keystroke.
    const user = userEvent.setup();
    await user.type(subject, ' now');
    await waitFor(() => expect(screen.getByTestId('preview-subject')).toHaveTextContent('Siyabonga! Order BZ-1042 is confirmed now'));
    expect(api.calls.preview.length).toBe(calls + 1);
  });

  it('shows the preview’s problems under their fields, keeping the last preview that worked', async () => {
    serveTemplate(orderConfirmed());
    renderPage();
    await screen.findByTestId('preview-subject');
    paste(field('Subject'), 'Order {{ ordr_number }}');

    await waitFor(() =>
      expect(errorUnder(field('Subject'))).toBe(
        'Line 1: `ordr_number` is not given to this email (it has customer_name, order_number, order_url, total)',
      ),
    );
    expect(screen.getByTestId('preview-problems')).toHaveTextContent('This is the last version that worked');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Thanks! Order BZ-1042 is confirmed');
    expect(errorUnder(field('Plain-text body'))).toBeNull();

    paste(field('Subject'), 'Order {{ order_number }}');
    await waitFor(() => expect(screen.getByTestId('preview-subject').textContent).toBe('Order BZ-1042'));
    expect(errorUnder(field('Subject'))).toBeNull();
    expect(screen.queryByTestId('preview-problems')).not.toBeInTheDocument();
  });

  it('puts a variable at the cursor of the field last used', async () => {
    serveTemplate(orderConfirmed({ subject: 'Order  is confirmed' }));
    renderPage();
    const user = userEvent.setup();
    const subject = (await screen.findByLabelText('Subject')) as HTMLInputElement;
    await user.click(subject);
    subject.setSelectionRange(6, 6);
    await user.click(screen.getByRole('button', { name: 'Insert {{ order_number }}' }));

    expect(subject).toHaveValue('Order {{ order_number }} is confirmed');
    expect(subject).toHaveFocus();
    expect(subject.selectionStart).toBe(6 + '{{ order_number }}'.length);
    await waitFor(() => expect(screen.getByTestId('preview-subject')).toHaveTextContent('Order BZ-1042 is confirmed'));
  });

  it('saves with the version it was loaded from, says so, and reads the list again', async () => {
    const api = serveTemplate(orderConfirmed());
    server.use(http.get('*/api/v1/admin/email-templates', () => HttpResponse.json(emailSummaries())));
    const { queryClient } = renderPage();
    queryClient.setQueryData(emailTemplatesQueryOptions().queryKey, emailSummaries());
    const user = userEvent.setup();
    await screen.findByTestId('preview-subject');
    paste(field('Subject'), '  Siyabonga! Order {{ order_number }}  ');
    await user.click(screen.getByRole('button', { name: 'Save email' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Email saved');
    expect(api.calls.put).toEqual([
      {
        subject: '  Siyabonga! Order {{ order_number }}  ',
        text: orderConfirmed().text,
        html: orderConfirmed().html,
        updated_at: '2026-11-20T09:30:00Z',
      },
    ]);
    // The form shows what the server kept, and the next save carries the new version.
    expect(field('Subject')).toHaveValue('Siyabonga! Order {{ order_number }}');
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Edited 21 Nov 2026');
    expect(queryClient.getQueryData(emailTemplateQueryOptions('order_confirmed').queryKey)).toMatchObject({
      subject: 'Siyabonga! Order {{ order_number }}',
      updated_at: '2026-11-21T08:00:00Z',
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(emailTemplatesQueryOptions().queryKey)?.isInvalidated).toBe(true),
    );

    await user.type(field('Plain-text body'), 'Bye');
    expect(screen.queryByText('Email saved')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save email' }));
    await waitFor(() => expect(api.calls.put).toHaveLength(2));
    expect(api.calls.put[1]).toMatchObject({ updated_at: '2026-11-21T08:00:00Z' });
  });

  it('shows each part the server refused under its field, with a summary', async () => {
    const api = serveTemplate(orderConfirmed(), {
      save: () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation',
              message: 'Correct the template',
              fields: {
                text: 'Line 2: `ordr_number` is not given to this email (it has customer_name, order_number, order_url, total)',
                html: 'Line 1: syntax error: unexpected end of input',
              },
            },
          },
          { status: 400 },
        ),
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('preview-subject');
    await user.click(screen.getByRole('button', { name: 'Save email' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(EMAIL_FIELDS_REFUSED);
    expect(api.calls.put).toHaveLength(1);
    const text = field('Plain-text body');
    expect(errorUnder(text)).toBe(
      'Line 2: `ordr_number` is not given to this email (it has customer_name, order_number, order_url, total)',
    );
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveFocus();
    expect(errorUnder(field('HTML body'))).toBe('Line 1: syntax error: unexpected end of input');
    expect(errorUnder(field('Subject'))).toBeNull();
    expect(screen.queryByText('Email saved')).not.toBeInTheDocument();
  });

  it('asks for a subject and a plain-text body before sending', async () => {
    const api = serveTemplate(orderConfirmed());
    renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('preview-subject');
    await user.clear(field('Subject'));
    await user.clear(field('Plain-text body'));
    await user.click(screen.getByRole('button', { name: 'Save email' }));

    await waitFor(() => expect(errorUnder(field('Subject'))).toBe('Enter the subject'));
    expect(errorUnder(field('Plain-text body'))).toBe('Enter the plain-text body');
    expect(api.calls.put).toHaveLength(0);
  });

  it('says when someone else saved meanwhile, and reloads their version', async () => {
    const theirs = orderConfirmed({ subject: 'Their subject {{ order_number }}', updated_at: '2026-11-21T10:00:00Z' });
    const api = serveTemplate(orderConfirmed(), {
      save: () => HttpResponse.json({ error: { code: 'template_changed', message: CHANGED } }, { status: 409 }),
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('preview-subject');
    paste(field('Subject'), 'Mine {{ order_number }}');
    api.setCurrent(theirs);
    await user.click(screen.getByRole('button', { name: 'Save email' }));

    const stale = await screen.findByTestId('template-changed');
    expect(stale).toHaveTextContent(CHANGED);
    // Saving again would only be refused again.
    expect(screen.getByRole('button', { name: 'Save email' })).toBeDisabled();
    const gets = api.calls.get;
    await user.click(within(stale).getByRole('button', { name: 'Reload' }));

    await waitFor(() => expect(field('Subject')).toHaveValue('Their subject {{ order_number }}'));
    expect(api.calls.get).toBe(gets + 1);
    expect(screen.queryByTestId('template-changed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save email' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save email' }));
    await waitFor(() => expect(api.calls.put).toHaveLength(2));
    expect(api.calls.put[1]).toMatchObject({ subject: 'Their subject {{ order_number }}', updated_at: '2026-11-21T10:00:00Z' });
  });

  it('resets to the default only once confirmed, and loads the default into the form', async () => {
    const api = serveTemplate(orderConfirmed());
    renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('preview-subject');
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reset to the default wording?' });
    expect(dialog).toHaveTextContent('The store’s own wording of “Order confirmed” is removed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.deleted).toBe(0);
    expect(field('Subject')).toHaveValue('Thanks! Order {{ order_number }} is confirmed');

    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset to default' }));

    await waitFor(() => expect(field('Subject')).toHaveValue(DEFAULT_ORDER_CONFIRMED.subject));
    expect(api.calls.deleted).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field('Plain-text body')).toHaveValue(DEFAULT_ORDER_CONFIRMED.text);
    expect(field('HTML body')).toHaveValue(DEFAULT_ORDER_CONFIRMED.html);
    expect(screen.getByRole('status')).toHaveTextContent('The default wording is back');
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Default wording');
    // Nothing of the store's own is left to reset.
    expect(screen.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByTestId('preview-subject')).toHaveTextContent('Your bazaar order BZ-1042 is confirmed'),
    );
  });

  it('says there is no such email for an unknown key or none, with a way back', async () => {
    server.use(
      http.get('*/api/v1/admin/email-templates/order_lost', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
      ),
    );
    renderPage('?key=order_lost');
    expect(await screen.findByRole('heading', { name: 'No such email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all emails' })).toHaveAttribute('href', '/admin/email-templates/');
  });

  it('says there is no such email without a key, asking the server nothing', () => {
    renderPage('');
    expect(screen.getByRole('heading', { name: 'No such email' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    let fail = true;
    const api = serveTemplate(orderConfirmed());
    server.use(
      http.get('*/api/v1/admin/email-templates/order_confirmed', () =>
        fail ? HttpResponse.json({ error: { code: 'forbidden', message: 'Admins only' } }, { status: 403 }) : undefined,
      ),
    );
    renderPage();
    expect(screen.getByTestId('area-skeleton')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Admins only');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Subject')).toHaveValue('Thanks! Order {{ order_number }} is confirmed');
    expect(api.calls.get).toBe(1);
  });
});

/** The parts of a template, as a preview or a save sends them. */
function pick(template: { subject: string; text: string; html: string }) {
  return { subject: template.subject, text: template.text, html: template.html };
}
