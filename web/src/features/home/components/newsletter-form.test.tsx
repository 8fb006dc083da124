import { http, HttpResponse } from 'msw';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NewsletterBox } from '@/features/home/components/newsletter-box';
import { NewsletterForm } from '@/features/home/components/newsletter-form';
import { server } from '@/test/msw-server';

const SUCCESS = "Success! You've been subscribed to our newsletter.";

/** Answers POST /api/v1/newsletter with `response`; returns the bodies it received. */
function serveNewsletter(response: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/v1/newsletter', async ({ request }) => {
      bodies.push(await request.json());
      return response();
    }),
  );
  return bodies;
}

async function subscribe(email: string) {
  const user = userEvent.setup();
  render(<NewsletterForm />);
  if (email) await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('NewsletterForm', () => {
  it('requires an email, without calling the server', async () => {
    const bodies = serveNewsletter(() => HttpResponse.json({}, { status: 500 }));
    await subscribe('');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('checks that the email looks valid, without calling the server', async () => {
    const bodies = serveNewsletter(() => HttpResponse.json({}, { status: 500 }));
    await subscribe('not-an-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(bodies).toEqual([]);
  });

  it('subscribes and says so in the exact words', async () => {
    const bodies = serveNewsletter(() =>
      HttpResponse.json({ subscribed: true, message: SUCCESS }, { status: 201 }),
    );
    await subscribe('  thandi@example.com ');
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS);
    expect(screen.getByTestId('newsletter-success').textContent).toBe(SUCCESS);
    expect(bodies).toEqual([{ email: 'thandi@example.com' }]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('treats "already subscribed" (200) as the same success', async () => {
    serveNewsletter(() => HttpResponse.json({ subscribed: true, message: SUCCESS }, { status: 200 }));
    await subscribe('thandi@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS);
  });

  it("shows the server's message for the email field", async () => {
    serveNewsletter(() =>
      HttpResponse.json(
        {
          error: {
            code: 'bad_request',
            message: 'Please enter a valid email address',
            fields: { email: 'That address cannot receive email' },
          },
        },
        { status: 400 },
      ),
    );
    await subscribe('thandi@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('That address cannot receive email');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the server could not be reached, and the visitor can try again', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/v1/newsletter', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: { code: 'internal', message: 'Boom' } }, { status: 500 })
          : HttpResponse.json({ subscribed: true, message: SUCCESS }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await subscribe('thandi@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not subscribe you just now. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS);
    expect(calls).toBe(2);
  });
});

describe('NewsletterBox', () => {
  it('loads the form into the box', async () => {
    render(<NewsletterBox />);
    expect(screen.getByRole('heading', { name: 'Get the best deals first' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Email address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });
});
