import { delay, http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactForm } from '@/features/tickets/components/contact-form';
import { CONTACT_MESSAGES, contactSchema } from '@/features/tickets/lib/contact-schema';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { customerTicket } from '@/test/tickets';

interface Sent {
  body: Record<string, unknown>;
  authorization: string | null;
}

function serveContact(answer: () => Response | Promise<Response> = () => HttpResponse.json({ ticket: customerTicket() }, { status: 201 })) {
  const sent: Sent[] = [];
  server.use(
    http.post('*/api/v1/contact', async ({ request }) => {
      sent.push({ body: (await request.json()) as Record<string, unknown>, authorization: request.headers.get('authorization') });
      return answer();
    }),
  );
  return sent;
}

function renderForm() {
  renderWithQueryClient(<ContactForm />);
  return userEvent.setup();
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>> = {}) {
  const all = {
    Name: 'Thandi Nkosi',
    Email: 'thandi@example.com',
    Subject: 'Where is my parcel?',
    'Order number': '',
    Message: 'It was due on Monday and has not come.',
    ...values,
  };
  for (const [label, value] of Object.entries(all)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

describe('the contact form', () => {
  it('checks the fields as the server does, with its messages, before sending anything', async () => {
    const sent = serveContact();
    const user = renderForm();

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_MESSAGES.name)).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a subject')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();

    await fillIn(user, { Email: 'thandi@example', Message: 'Too short' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your name')).not.toBeInTheDocument();

    expect(sent).toEqual([]);
  });

  it('puts the server’s field errors on their fields', async () => {
    const sent = serveContact(() =>
      HttpResponse.json(
        {
          error: {
            code: 'bad_request',
            message: 'Please enter a valid email address',
            title: null,
            fields: { email: 'Please enter a valid email address', order_number: 'That is not an order number' },
          },
        },
        { status: 400 },
      ),
    );
    const user = renderForm();
    await fillIn(user, { 'Order number': 'BZ-1' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('That is not an order number')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByTestId('contact-form')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('says so when too many messages were sent', async () => {
    serveContact(() =>
      HttpResponse.json(
        {
          error: {
            code: 'rate_limited',
            message: 'You have sent several messages already. Please try again later.',
            title: null,
            fields: null,
          },
        },
        { status: 429 },
      ),
    );
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent several messages already. Please try again later.');
  });

  it('sends the form once, without sign-in, and gives way to the ticket’s reference', async () => {
    const sent = serveContact(async () => {
      await delay(50);
      return HttpResponse.json({ ticket: customerTicket({ reference: 'T-1042' }) }, { status: 201 });
    });
    const user = renderForm();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await fillIn(user, { 'Order number': ' BZ-20261120-0042 ' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    const thanks = await screen.findByTestId('contact-sent');
    expect(thanks).toHaveTextContent('Thanks — your message is ticket T-1042. We reply within one business day.');
    expect(thanks).toHaveFocus();
    expect(screen.queryByTestId('contact-form')).not.toBeInTheDocument();
    // A guest has no tickets page.
    expect(screen.queryByRole('link', { name: 'See your support tickets' })).not.toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: {
          name: 'Thandi Nkosi',
          email: 'thandi@example.com',
          subject: 'Where is my parcel?',
          order_number: 'BZ-20261120-0042',
          message: 'It was due on Monday and has not come.',
        },
        authorization: null,
      },
    ]);
  });

  it('starts from a signed-in user’s name and email, sends their token and links to their tickets', async () => {
    const session = storeSession();
    const sent = serveContact();
    const user = renderForm();

    expect(screen.getByLabelText('Name')).toHaveValue('Chloe Customer');
    expect(screen.getByLabelText('Email')).toHaveValue('chloe@example.com');
    await user.type(screen.getByLabelText('Subject'), 'A question');
    await user.type(screen.getByLabelText('Message'), 'Do you ship to Namibia?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByTestId('contact-sent')).toHaveTextContent('ticket T-1001');
    expect(screen.getByRole('link', { name: 'See your support tickets' })).toHaveAttribute('href', '/profile/?tab=tickets');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.authorization).toBe(`Bearer ${session.access_token}`);
    expect(sent[0]?.body).toEqual({
      name: 'Chloe Customer',
      email: 'chloe@example.com',
      subject: 'A question',
      message: 'Do you ship to Namibia?',
    });
  });
});

describe('the contact form’s checks', () => {
  const valid = { name: ' Thandi ', email: ' Thandi@Example.co.za ', subject: 'Parcel', order_number: '  ', message: 'It was due on Monday.' };

  it('trims what it sends and leaves out an empty order number', () => {
    expect(contactSchema.parse(valid)).toEqual({
      name: 'Thandi',
      email: 'Thandi@Example.co.za',
      subject: 'Parcel',
      order_number: undefined,
      message: 'It was due on Monday.',
    });
  });

  it('refuses what the server refuses, with its messages', () => {
    const messages = (input: Partial<typeof valid>) =>
      contactSchema.safeParse({ ...valid, ...input }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ message: 'x'.repeat(5001) })).toEqual(['Message must be at most 5000 characters']);
    expect(messages({ message: ` ${'é'.repeat(5000)} ` })).toEqual([]);
    expect(messages({ message: '  123456789  ' })).toEqual(['Message must be at least 10 characters']);
    expect(messages({ name: 'x'.repeat(101) })).toEqual(['Name must be at most 100 characters']);
    expect(messages({ subject: 'x'.repeat(151) })).toEqual(['Subject must be at most 150 characters']);
    expect(messages({ order_number: 'x'.repeat(41) })).toEqual(['That is not an order number']);
    for (const email of ['a@b', '@b.co', 'a b@c.co', 'a@.b', 'a@b.', 'a@b@c.co']) {
      expect(messages({ email })).toEqual(['Please enter a valid email address']);
    }
  });
});
