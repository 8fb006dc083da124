import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type PaymentCheck,
  type PaymentSettings,
  type PaymentSettingsUpdate,
  paymentSettingsQueryOptions,
} from '@/features/admin/api/payments';
import {
  AdminPaymentGatewaysPage,
  CHECK_SAVE_FIRST,
  SEAL_NOTE,
  SECRET_SET_PLACEHOLDER,
} from '@/features/admin/components/payment-gateways-page';
import {
  isItnSource,
  LIVE_WARNING,
  PAYMENT_MESSAGES,
  paymentFieldErrors,
  splitSources,
} from '@/features/admin/lib/payment-settings';
import { errorUnder, refusal, replace, saveRefused, settingsPageHarness } from '@/test/admin-settings';
import { server } from '@/test/msw-server';

const PAYFAST_SOURCES = ['www.payfast.co.za', 'sandbox.payfast.co.za', '41.74.179.192/27', '144.126.193.139'];

/** As a fresh shop has them: PayFast as the server was started (the simulator), nothing kept. */
const SETTINGS: PaymentSettings = {
  source: 'server',
  mode: 'simulator',
  merchant_id: '',
  merchant_key_set: false,
  passphrase_set: false,
  itn_sources: ['127.0.0.1', '::1'],
  started: { mode: 'sandbox', merchant_id: '10000100' },
  can_seal: true,
};

/** A sandbox account set here, its key and passphrase kept. */
const SANDBOX: PaymentSettings = {
  ...SETTINGS,
  source: 'settings',
  mode: 'sandbox',
  merchant_id: '10000100',
  merchant_key_set: true,
  passphrase_set: true,
  itn_sources: PAYFAST_SOURCES,
};

/** What the server keeps of a PUT: its fields, and whether each secret is kept after it. */
function kept(body: PaymentSettingsUpdate, before: PaymentSettings = SETTINGS): PaymentSettings {
  const { merchant_key, passphrase, ...fields } = body;
  const after = (value: string | null | undefined, was: boolean) =>
    value === undefined || value === null ? was : value !== '';
  return {
    ...before,
    ...fields,
    merchant_key_set: after(merchant_key, before.merchant_key_set),
    passphrase_set: after(passphrase, before.passphrase_set),
  };
}

const { serveSettings, renderPage, findForm, expectButtonOffWhileSaving, failLoadThenRetry } = settingsPageHarness({
  title: 'Payment gateways',
  path: 'payments',
  page: <AdminPaymentGatewaysPage />,
  settings: SETTINGS,
  kept: (body: PaymentSettingsUpdate) => kept(body),
});

const CHECK: PaymentCheck = {
  mode: 'sandbox',
  process_url: 'https://sandbox.payfast.co.za/eng/process',
  fields: [
    { name: 'merchant_id', value: '10000100' },
    { name: 'merchant_key', value: '46f0cd694581a' },
    { name: 'amount', value: '10.00' },
    { name: 'item_name', value: 'Settings check' },
  ],
  signature: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  problems: [],
};

/** The check's answers; records each POST. */
function serveChecks(answer: PaymentCheck | Response) {
  const checks: unknown[] = [];
  server.use(
    http.post('*/api/v1/admin/settings/payments/check', () => {
      checks.push(true);
      return answer instanceof Response ? answer.clone() : HttpResponse.json(answer);
    }),
  );
  return checks;
}

describe('/admin/payment-gateways', () => {
  it('shows what the server was started with, the rest greyed out while used as started', async () => {
    serveSettings();
    renderPage();
    const form = await findForm(['PayFast settings', 'Mode', 'Merchant', 'Notification sources']);

    const asStarted = within(form).getByRole('radio', { name: 'As the server was started' });
    expect(asStarted).toBeChecked();
    expect(screen.getByTestId('started-with')).toHaveTextContent('Sandbox, merchant 10000100.');
    expect(screen.getByTestId('payfast-fields')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Simulator' })).toBeChecked();
    expect(screen.getByLabelText('Merchant ID')).toBeDisabled();
    expect(screen.getByLabelText('Sources')).toHaveValue('127.0.0.1\n::1');
    expect(screen.queryByTestId('seal-note')).not.toBeInTheDocument();

    await userEvent.setup().click(within(form).getByRole('radio', { name: 'These settings' }));
    expect(screen.getByTestId('payfast-fields')).toBeEnabled();
    expect(screen.getByLabelText('Merchant ID')).toBeEnabled();
  });

  it('shows the secrets only as set or not, never their values', async () => {
    serveSettings(SANDBOX);
    renderPage();
    await findForm();
    expect(screen.getByRole('radio', { name: 'These settings' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Sandbox' })).toBeChecked();
    expect(screen.getByLabelText('Merchant ID')).toHaveValue('10000100');
    for (const label of ['Merchant key', 'Passphrase']) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('type', 'password');
      expect(input).toHaveValue('');
      expect(input).toHaveAttribute('placeholder', SECRET_SET_PLACEHOLDER);
      expect(screen.getByText(`${label}:`).parentElement).toHaveTextContent(`${label}: Set`);
    }
    expect(screen.getByRole('checkbox', { name: 'Remove the merchant key' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Remove the passphrase' })).not.toBeChecked();
  });

  it('saves: the sources as a list, a new key, a passphrase removed (""), the one kept left out', async () => {
    const api = serveSettings(SANDBOX, (body) => kept(body, SANDBOX));
    const { queryClient } = renderPage();
    const user = userEvent.setup();
    await findForm();

    await replace(user, screen.getByLabelText('Sources'), 'www.payfast.co.za\n\n 197.97.145.144/28 , 144.126.193.139\n');
    await user.type(screen.getByLabelText('Merchant key'), '46f0cd694581a');
    await user.click(screen.getByRole('checkbox', { name: 'Remove the passphrase' }));
    expect(screen.getByLabelText('Passphrase')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([
      {
        source: 'settings',
        mode: 'sandbox',
        merchant_id: '10000100',
        itn_sources: ['www.payfast.co.za', '197.97.145.144/28', '144.126.193.139'],
        merchant_key: '46f0cd694581a',
        passphrase: '',
      },
    ]);
    expect(queryClient.getQueryData(paymentSettingsQueryOptions().queryKey)).toMatchObject({ passphrase_set: false });
    expect(screen.getByText('Passphrase:').parentElement).toHaveTextContent('Not set');
    expect(screen.queryByRole('checkbox', { name: 'Remove the passphrase' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Merchant key')).toHaveValue('');
  });

  it('saves as the server was started without checking the rest', async () => {
    const api = serveSettings({ ...SETTINGS, itn_sources: [] });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([{ source: 'server', mode: 'simulator', merchant_id: '', itn_sources: [] }]);
  });

  it('warns that live mode takes real payments', async () => {
    const api = serveSettings(SANDBOX, (body) => kept(body, SANDBOX));
    renderPage();
    const user = userEvent.setup();
    await findForm();
    expect(screen.queryByTestId('live-warning')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Live' }));
    expect(screen.getByTestId('live-warning')).toHaveTextContent(LIVE_WARNING);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([expect.objectContaining({ mode: 'live' })]);
    // Still said once saved.
    expect(screen.getByTestId('live-warning')).toHaveTextContent(LIVE_WARNING);
  });

  it('asks for the merchant in the sandbox and live, checks its form and the sources before sending', async () => {
    const api = serveSettings({ ...SETTINGS, source: 'settings', started: { mode: 'simulator', merchant_id: '10000100' } });
    renderPage();
    const user = userEvent.setup();
    await findForm();
    await user.click(screen.getByRole('radio', { name: 'Sandbox' }));
    await replace(user, screen.getByLabelText('Sources'), 'www.payfast.co.za\nhttps://payfast.co.za/');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() =>
      expect(errorUnder(screen.getByLabelText('Merchant ID'))).toBe(PAYMENT_MESSAGES.merchantIdMissing),
    );
    expect(errorUnder(screen.getByLabelText('Merchant key'))).toBe(PAYMENT_MESSAGES.merchantKeyMissing);
    expect(errorUnder(screen.getByLabelText('Sources'))).toBe(PAYMENT_MESSAGES.source('https://payfast.co.za/'));
    expect(errorUnder(screen.getByLabelText('Passphrase'))).toBeNull();

    await replace(user, screen.getByLabelText('Merchant ID'), '1000-0100');
    await user.type(screen.getByLabelText('Merchant key'), 'NOT-A-KEY');
    await replace(user, screen.getByLabelText('Sources'), '');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(errorUnder(screen.getByLabelText('Merchant ID'))).toBe(PAYMENT_MESSAGES.merchantId));
    expect(errorUnder(screen.getByLabelText('Merchant key'))).toBe(PAYMENT_MESSAGES.merchantKey);
    expect(errorUnder(screen.getByLabelText('Sources'))).toBe(PAYMENT_MESSAGES.sourcesCount);
    expect(api.put).toHaveLength(0);

    // The simulator needs no merchant.
    await replace(user, screen.getByLabelText('Merchant ID'), '');
    await user.clear(screen.getByLabelText('Merchant key'));
    await replace(user, screen.getByLabelText('Sources'), '127.0.0.1');
    await user.click(screen.getByRole('radio', { name: 'Simulator' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([
      { source: 'settings', mode: 'simulator', merchant_id: '', itn_sources: ['127.0.0.1'] },
    ]);
  });

  it('offers the simulator only on a server started with it', async () => {
    const api = serveSettings({ ...SETTINGS, source: 'settings', mode: 'simulator' });
    renderPage();
    const user = userEvent.setup();
    await findForm();
    expect(screen.getByRole('radio', { name: 'Simulator' })).toHaveAccessibleDescription(
      /Only on a server started with --payfast-mode simulator\.$/,
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(errorUnder(screen.getByRole('group', { name: 'Mode' }))).toBe(PAYMENT_MESSAGES.simulator),
    );
    expect(api.put).toHaveLength(0);
  });

  it('shows each field the server refused under its input (a source’s under the list), with a summary', async () => {
    const api = serveSettings(SANDBOX, () =>
      refusal('Invalid', {
        passphrase: "The passphrase contains '!'; PayFast allows only letters, digits and - _ /",
        'itn_sources.1': 'sandbox.payfast.co.za could not be read as a source',
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Passphrase'), 'open sesame!');
    await saveRefused(user, api.put);
    expect(errorUnder(screen.getByLabelText('Passphrase'))).toBe(
      "The passphrase contains '!'; PayFast allows only letters, digits and - _ /",
    );
    expect(errorUnder(screen.getByLabelText('Sources'))).toBe('sandbox.payfast.co.za could not be read as a source');
    expect(api.put).toEqual([expect.objectContaining({ passphrase: 'open sesame!' })]);
    expect(api.put[0]).not.toHaveProperty('merchant_key');
  });

  it('says secrets cannot be kept without BAZAAR_SECRET_KEY, and shows the server’s 409', async () => {
    const message = 'The server must be started with BAZAAR_SECRET_KEY to keep a merchant key';
    const api = serveSettings({ ...SANDBOX, merchant_key_set: false, passphrase_set: false, can_seal: false }, () =>
      HttpResponse.json({ error: { code: 'secret_key_missing', message } }, { status: 409 }),
    );
    renderPage();
    const user = userEvent.setup();
    await findForm();
    expect(screen.getByTestId('seal-note')).toHaveTextContent(SEAL_NOTE);
    await user.type(screen.getByLabelText('Merchant key'), '46f0cd694581a');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.put).toEqual([expect.objectContaining({ merchant_key: '46f0cd694581a' })]);
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
  });

  it('checks the saved settings: the signed form’s fields, the signature and any problems', async () => {
    serveSettings(SANDBOX);
    const checks = serveChecks({ ...CHECK, problems: ['The merchant key does not match the sandbox account'] });
    renderPage();
    const user = userEvent.setup();
    await findForm();
    const panel = screen.getByTestId('check-panel');
    await user.click(within(panel).getByRole('button', { name: 'Check settings' }));

    const table = await within(panel).findByRole('table', { name: 'Signed test form' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['merchant_id', '10000100'],
      ['merchant_key', '46f0cd694581a'],
      ['amount', '10.00'],
      ['item_name', 'Settings check'],
      ['signature', CHECK.signature],
    ]);
    expect(within(panel).getByRole('alert')).toHaveTextContent('The merchant key does not match the sandbox account');
    expect(panel).toHaveTextContent('https://sandbox.payfast.co.za/eng/process');
    expect(checks).toHaveLength(1);
  });

  it('holds the check while the form has changes not saved', async () => {
    serveSettings(SANDBOX, (body) => kept(body, SANDBOX));
    const checks = serveChecks(CHECK);
    renderPage();
    const user = userEvent.setup();
    await findForm();
    const button = within(screen.getByTestId('check-panel')).getByRole('button', { name: 'Check settings' });
    await replace(user, screen.getByLabelText('Merchant ID'), '10000101');
    expect(button).toBeDisabled();
    expect(screen.getByTestId('check-save-first')).toHaveTextContent(CHECK_SAVE_FIRST);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await within(screen.getByTestId('check-panel')).findByRole('status')).toHaveTextContent('No problems found.');
    expect(checks).toHaveLength(1);
  });

  it('reads notification sources as the server does', () => {
    for (const good of ['127.0.0.1', '::1', '41.74.179.192/27', '2001:db8::/32', 'www.payfast.co.za', 'localhost']) {
      expect(isItnSource(good), good).toBe(true);
    }
    for (const bad of ['1.2.3.4.5/', '300.1.1.1/8', '10.0.0.0/33', 'https://payfast.co.za', '1.2.3.4.5', 'a b', '::1/129']) {
      expect(isItnSource(bad), bad).toBe(false);
    }
    expect(splitSources(' a.example\n\n b.example, c.example ')).toEqual(['a.example', 'b.example', 'c.example']);
    expect(paymentFieldErrors({ 'itn_sources.3': 'x', 'itn_sources.1': 'y', mode: 'z' })).toEqual({
      itn_sources: 'x',
      mode: 'z',
    });
  });

  it('keeps the button off while saving', () => expectButtonOffWhileSaving());

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    await failLoadThenRetry();
    expect(await screen.findByLabelText('Sources')).toHaveValue('127.0.0.1\n::1');
  });
});
