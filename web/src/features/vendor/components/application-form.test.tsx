import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApplicationForm } from '@/features/vendor/components/application-form';
import { APPLICATION_MESSAGES, suggestSlug } from '@/features/vendor/lib/application-schema';
import type { Application } from '@/lib/selling/types';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { agreement, application, BANKS } from '@/test/selling';

/** The address check answers "available" except for the addresses in `taken`. */
function serveSlugCheck(taken: Record<string, string> = {}) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v1/vendor-applications/slug-availability', ({ request }) => {
      const slug = new URL(request.url).searchParams.get('slug') ?? '';
      asked.push(slug);
      const message = taken[slug];
      return HttpResponse.json(message ? { slug, available: false, message } : { slug, available: true });
    }),
  );
  return asked;
}

function renderForm(props: { resubmit?: Application } = {}) {
  storeSession();
  const onSubmitted = vi.fn();
  const onConflict = vi.fn();
  const result = renderWithQueryClient(
    <ApplicationForm
      agreement={agreement()}
      banks={BANKS}
      resubmit={props.resubmit}
      onSubmitted={onSubmitted}
      onConflict={onConflict}
    />,
  );
  return { ...result, onSubmitted, onConflict, user: userEvent.setup() };
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Store name'), 'Cape Trail Co');
  await user.click(screen.getByLabelText('Description'));
  await user.paste('Trail running gear made and tested in the Cape.');
  await user.type(screen.getByLabelText('Category focus'), 'Trail running');
  await user.type(screen.getByLabelText('Contact phone'), '082 555 1234');
  await user.selectOptions(screen.getByLabelText('Bank'), 'Capitec Bank');
  await user.type(screen.getByLabelText('Account holder'), 'Cape Trail Co');
  await user.type(screen.getByLabelText('Account number'), '1234 567 89');
  await user.click(screen.getByLabelText('I accept the Vendor Agreement 2026 (version 2)'));
}

describe('ApplicationForm client validation', () => {
  it('shows every rule broken, with the API’s messages, and sends nothing', async () => {
    serveSlugCheck();
    const posts: unknown[] = [];
    server.use(
      http.post('*/api/v1/vendor-applications', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(application(), { status: 201 });
      }),
    );
    const { user } = renderForm();

    await user.type(screen.getByLabelText('VAT number (optional)'), '123');
    await user.type(screen.getByLabelText('Company registration number (optional)'), '2019-123');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    for (const message of [
      APPLICATION_MESSAGES.storeName,
      APPLICATION_MESSAGES.storeSlug,
      APPLICATION_MESSAGES.description,
      APPLICATION_MESSAGES.categoryFocus,
      APPLICATION_MESSAGES.contactPhone,
      APPLICATION_MESSAGES.companyRegistration,
      APPLICATION_MESSAGES.vatNumber,
      APPLICATION_MESSAGES.bankName,
      APPLICATION_MESSAGES.accountHolder,
      APPLICATION_MESSAGES.accountNumber,
      APPLICATION_MESSAGES.branchCode,
      APPLICATION_MESSAGES.accept,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Store name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Store name')).toHaveFocus();
    expect(posts).toEqual([]);
  });

  it('rejects a phone number that is not South African and a short description', async () => {
    serveSlugCheck();
    const { user } = renderForm();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText('Contact phone'));
    await user.type(screen.getByLabelText('Contact phone'), '+44 20 7946 0958');
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText(APPLICATION_MESSAGES.contactPhone)).toBeInTheDocument();
    expect(screen.getByText(APPLICATION_MESSAGES.description)).toBeInTheDocument();
    expect(screen.queryByText(APPLICATION_MESSAGES.storeName)).not.toBeInTheDocument();
  });
});

describe('ApplicationForm store address and bank', () => {
  it('suggests the address from the store name and checks it once typing rests', async () => {
    const asked = serveSlugCheck({ 'karoo-outdoor': 'This address is taken: choose another' });
    const { user } = renderForm();

    await user.type(screen.getByLabelText('Store name'), 'Cape Trail Co!');
    expect(screen.getByLabelText('Store address')).toHaveValue('cape-trail-co');
    expect(await screen.findByText('cape-trail-co is available')).toBeInTheDocument();
    // Only the settled address was asked about, not each letter on the way.
    expect(asked).toEqual(['cape-trail-co']);

    const slug = screen.getByLabelText('Store address');
    await user.clear(slug);
    await user.type(slug, 'Karoo-Outdoor');
    expect(slug).toHaveValue('karoo-outdoor');
    expect(await screen.findByText('This address is taken: choose another')).toBeInTheDocument();

    // A typed address is kept when the name changes again.
    await user.type(screen.getByLabelText('Store name'), 's');
    expect(slug).toHaveValue('karoo-outdoor');
  });

  it('fills in the bank’s universal branch code, which stays editable', async () => {
    serveSlugCheck();
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Bank'), 'Standard Bank');
    const branch = screen.getByLabelText('Branch code');
    expect(branch).toHaveValue('051001');
    await user.clear(branch);
    await user.type(branch, '051002');
    expect(branch).toHaveValue('051002');
  });

  it('suggests addresses the API accepts', () => {
    expect(suggestSlug('Cape Town Kicks')).toBe('cape-town-kicks');
    expect(suggestSlug('  Café & Co. -- Durban ')).toBe('cafe-and-co-durban');
    expect(suggestSlug('x'.repeat(50))).toHaveLength(40);
  });
});

describe('ApplicationForm submitting', () => {
  it('sends the application with the agreement version it accepts', async () => {
    serveSlugCheck();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/vendor-applications', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(application(), { status: 201 });
      }),
    );
    const { user, onSubmitted } = renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([
      {
        store_name: 'Cape Trail Co',
        store_slug: 'cape-trail-co',
        description: 'Trail running gear made and tested in the Cape.',
        category_focus: 'Trail running',
        contact_phone: '082 555 1234',
        company_registration: null,
        vat_number: null,
        bank: { bank_name: 'Capitec Bank', account_holder: 'Cape Trail Co', account_number: '123456789', branch_code: '470010' },
        agreement_version: 2,
      },
    ]);
  });

  it('shows the server’s field errors under the matching inputs', async () => {
    serveSlugCheck();
    server.use(
      http.post('*/api/v1/vendor-applications', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Please check the highlighted fields',
              fields: {
                store_slug: 'This address is reserved: choose another',
                'bank.account_number': 'An account number is 6 to 13 digits',
                'bank.branch_code': 'This branch code does not belong to Capitec Bank',
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user, onSubmitted } = renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    const slugError = await screen.findByText('This address is reserved: choose another');
    const slug = screen.getByLabelText('Store address');
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug.getAttribute('aria-describedby')).toContain(slugError.id);
    expect(slug).toHaveFocus();

    const accountError = screen.getByText('An account number is 6 to 13 digits');
    const account = screen.getByLabelText('Account number');
    expect(account).toHaveAttribute('aria-invalid', 'true');
    expect(account.getAttribute('aria-describedby')).toContain(accountError.id);
    expect(screen.getByLabelText('Branch code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This branch code does not belong to Capitec Bank')).toBeInTheDocument();
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('says why when the server refuses with 409, and tells the page', async () => {
    serveSlugCheck();
    server.use(
      http.post('*/api/v1/vendor-applications', () =>
        HttpResponse.json(
          { error: { code: 'application_open', message: 'You already have an application in review' } },
          { status: 409 },
        ),
      ),
    );
    const { user, onConflict } = renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an application in review');
    expect(onConflict).toHaveBeenCalledTimes(1);
  });

  it('starts a resubmission from the application, asks for the account number again, and PUTs it', async () => {
    const asked = serveSlugCheck();
    const bodies: unknown[] = [];
    const sentBack = application({
      status: 'changes_requested',
      decision_message: 'Add your VAT number',
      company_registration: '2019/123456/07',
    });
    server.use(
      http.put('*/api/v1/vendor-applications/:id', async ({ request, params }) => {
        expect(params.id).toBe(sentBack.id);
        bodies.push(await request.json());
        return HttpResponse.json({ ...sentBack, status: 'submitted' });
      }),
    );
    const { user, onSubmitted } = renderForm({ resubmit: sentBack });

    expect(screen.getByLabelText('Store name')).toHaveValue('Cape Trail Co');
    expect(screen.getByLabelText('Store address')).toHaveValue('cape-trail-co');
    expect(screen.getByLabelText('Bank')).toHaveValue('Capitec Bank');
    expect(screen.getByLabelText('Company registration number (optional)')).toHaveValue('2019/123456/07');
    expect(screen.getByLabelText('Account number')).toHaveValue('');
    expect(screen.getByText(/•••• 6789/)).toBeInTheDocument();

    await user.click(screen.getByLabelText('I accept the Vendor Agreement 2026 (version 2)'));
    await user.click(screen.getByRole('button', { name: 'Resubmit application' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.accountNumber)).toBeInTheDocument();

    await user.type(screen.getByLabelText('VAT number (optional)'), '4123456789');
    await user.type(screen.getByLabelText('Account number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Resubmit application' }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(bodies).toMatchObject([
      {
        store_slug: 'cape-trail-co',
        vat_number: '4123456789',
        company_registration: '2019/123456/07',
        bank: { account_number: '9876543210', branch_code: '470010' },
        agreement_version: 2,
      },
    ]);
    // Their own address is not checked against itself.
    expect(asked).toEqual([]);
  });
});
