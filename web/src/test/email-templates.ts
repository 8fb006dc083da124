import { http, HttpResponse } from 'msw';
import type {
  EmailPreview,
  EmailTemplateInput,
  EmailTemplateSummary,
  EmailTemplateView,
} from '@/features/admin/api/email-templates';
import { server } from '@/test/msw-server';

/** The emails and templates of /admin/email-templates as the API answers them (crates/mail/src/templates.rs). */

const EMAILS = {
  order_confirmed: ['Order confirmed', "To the customer when an order's payment is confirmed"],
  order_processing: ['Order processing', 'To the customer when a store starts on its part'],
  order_shipped: ['Order shipped', 'To the customer when a store ships its part'],
  order_delivered: ['Order delivered', 'To the customer when a part is delivered'],
  order_cancelled: ['Order cancelled', 'To the customer when an order or a part is cancelled'],
  signup_confirmation: ['Confirm sign-up', 'To a new account, to confirm its email address'],
  password_recovery: ['Password recovery', 'To someone who asked to choose a new password'],
  magic_link: ['Sign-in link', 'To someone who asked for a sign-in link'],
  email_change: ['Confirm a new email address', 'To the new address when an account changes its email'],
  chat_unread: ['Unread chat message', 'To a customer or a store when a message stays unread for 30 minutes'],
  vendor_application_approved: ['Store application approved', 'To the applicant when their store is approved'],
  vendor_application_changes_requested: [
    'Store application needs changes',
    'To the applicant when a reviewer asks for changes',
  ],
  vendor_application_rejected: ['Store application rejected', 'To the applicant when their store is refused'],
} as const;

/** Every email, orders first; `edited` gives the keys with the store's own wording and when. */
export function emailSummaries(edited: Record<string, string> = {}): EmailTemplateSummary[] {
  return Object.entries(EMAILS).map(([key, [title, sent_when]]) => ({
    key,
    title,
    sent_when,
    updated_at: edited[key] ?? null,
  }));
}

export const ORDER_VARIABLES = [
  { name: 'customer_name', description: 'The customer\'s name, or "there"', sample: 'Thandi' },
  { name: 'order_number', description: "The order's number", sample: 'BZ-1042' },
  { name: 'order_url', description: "The customer's orders page", sample: 'https://shop.example/profile/?tab=orders' },
  { name: 'total', description: "The order's total, formatted", sample: 'R1,234.50' },
];

export const DEFAULT_ORDER_CONFIRMED = {
  subject: 'Your bazaar order {{ order_number }} is confirmed',
  text: 'Thanks for your order, {{ customer_name }}.\n\nWe have your order {{ order_number }} for {{ total }}.\n',
  html: '<p>Thanks for your order, {{ customer_name }}.</p>',
};

/** "Order confirmed" as the editor loads it; by default with the store's own wording. */
export function orderConfirmed(overrides: Partial<EmailTemplateView> = {}): EmailTemplateView {
  return {
    key: 'order_confirmed',
    title: 'Order confirmed',
    sent_when: "To the customer when an order's payment is confirmed",
    variables: ORDER_VARIABLES,
    subject: 'Thanks! Order {{ order_number }} is confirmed',
    text: 'Hi {{ customer_name }},\n\nOrder {{ order_number }} for {{ total }} is confirmed.\n',
    html: '<p>Hi {{ customer_name }}, order <b>{{ order_number }}</b> is confirmed.</p>',
    updated_at: '2026-11-20T09:30:00Z',
    ...overrides,
  };
}

/** A template rendered as the server would with the samples (plain `{{ name }}` only). */
export function renderSample(template: string, variables = ORDER_VARIABLES): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const variable = variables.find((candidate) => candidate.name === name);
    return variable ? variable.sample : whole;
  });
}

type Answer<T> = (body: EmailTemplateInput) => Response | T | undefined;

/**
 * One email served as the API does: GET, PUT (kept as the new current one), DELETE (the default
 * back) and POST …/preview (rendered with the samples, a name the email is not given refused as
 * the server words it). `save` and `preview` may answer otherwise. Records each call's body.
 */
export function serveTemplate(
  initial: EmailTemplateView,
  { save, preview, fallback = { ...initial, ...DEFAULT_ORDER_CONFIRMED, updated_at: null } }: {
    save?: Answer<EmailTemplateView>;
    preview?: Answer<EmailPreview>;
    fallback?: EmailTemplateView;
  } = {},
) {
  let current = initial;
  const calls = { get: 0, put: [] as EmailTemplateInput[], preview: [] as EmailTemplateInput[], deleted: 0 };
  const path = `*/api/v1/admin/email-templates/${initial.key}`;
  server.use(
    http.get(path, () => {
      calls.get += 1;
      return HttpResponse.json(current);
    }),
    http.put(path, async ({ request }) => {
      const body = (await request.json()) as EmailTemplateInput;
      calls.put.push(body);
      const answer = save?.(body) ?? { ...current, ...body, subject: body.subject.trim(), updated_at: '2026-11-21T08:00:00Z' };
      if (answer instanceof Response) return answer;
      current = answer;
      return HttpResponse.json(current);
    }),
    http.delete(path, () => {
      calls.deleted += 1;
      current = fallback;
      return HttpResponse.json(current);
    }),
    http.post(`${path}/preview`, async ({ request }) => {
      const body = (await request.json()) as EmailTemplateInput;
      calls.preview.push(body);
      const answer = preview?.(body);
      if (answer instanceof Response) return answer;
      if (answer) return HttpResponse.json(answer);
      const unknown = /\{\{\s*(ordr_number)\s*\}\}/.exec(body.subject);
      if (unknown) {
        return HttpResponse.json(
          {
            error: {
              code: 'validation',
              message: 'Correct the template',
              fields: {
                subject: `Line 1: \`${unknown[1]}\` is not given to this email (it has customer_name, order_number, order_url, total)`,
              },
            },
          },
          { status: 400 },
        );
      }
      return HttpResponse.json({
        subject: renderSample(body.subject.trim()),
        text: renderSample(body.text),
        html: renderSample(body.html ?? ''),
      });
    }),
  );
  return {
    calls,
    /** Another admin saves meanwhile: the next GET answers `next`. */
    setCurrent(next: EmailTemplateView) {
      current = next;
    },
  };
}
