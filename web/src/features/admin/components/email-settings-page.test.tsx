import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type EmailSettings,
  type EmailSettingsInput,
  emailSettingsQueryOptions,
} from '@/features/admin/api/email-settings';
import {
  AdminEmailSettingsPage,
  EMAIL_SETTINGS_MESSAGES,
  PASSWORD_SET_PLACEHOLDER,
  SAVE_FIRST,
  SECRET_KEY_NOTE,
} from '@/features/admin/components/email-settings-page';
import { errorUnder, refusal, replace, saveRefused, settingsPageHarness } from '@/test/admin-settings';
import { server } from '@/test/msw-server';

/** As a fresh shop has them: email as the server was started (the outbox), no password kept. */
const SETTINGS: EmailSettings = {
  delivery: 'server',
  host: '',
  port: 587,
  security: 'starttls',
  username: '',
  password_set: false,
  from_name: 'bazaar',
  from_address: '',
  started_with: 'outbox /var/lib/bazaar/outbox',
  secrets_available: true,
};

/** Through an SMTP server, with a password kept. */
const SMTP: EmailSettings = {
  ...SETTINGS,
  delivery: 'smtp',
  host: 'smtp.example.co.za',
  username: 'orders@example.co.za',
  password_set: true,
  from_name: 'Mzansi Market',
  from_address: 'orders@example.co.za',
};

/** What the server keeps of a PUT: its fields, and whether a password is kept after it. */
function kept(body: EmailSettingsInput, before: EmailSettings = SETTINGS): EmailSettings {
  const { password, ...fields } = body;
  return {
    ...before,
    ...fields,
    password_set: password === undefined || password === null ? before.password_set : password !== '',
  };
}

const { serveSettings, renderPage, findForm, expectButtonOffWhileSaving, failLoadThenRetry } = settingsPageHarness({
  title: 'Email settings',
  path: 'email',
  page: <AdminEmailSettingsPage />,
  settings: SETTINGS,
  kept: (body: EmailSettingsInput) => kept(body),
});

const TEST_URL = '*/api/v1/admin/settings/email/test';

/** The test email's answers, in turn (the last one repeats); records each POST body. */
function serveTests(...answers: (Response | { through: string; message_id: string })[]) {
  const sent: unknown[] = [];
  server.use(
    http.post(TEST_URL, async ({ request }) => {
      sent.push(await request.json());
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      return answer instanceof Response ? answer.clone() : HttpResponse.json(answer);
    }),
  );
  return sent;
}

function testPanel(): HTMLElement {
  return screen.getByRole('form', { name: 'Send a test email' });
}

describe('/admin/email-settings', () => {
  it('shows how email is sent as the server was started, without the SMTP fields', async () => {
    serveSettings();
    renderPage();
    const form = await findForm(['How email is sent', 'Sender']);

    const asStarted = within(form).getByRole('radio', { name: 'As the server was started' });
    expect(asStarted).toBeChecked();
    expect(asStarted).toHaveAccessibleDescription('Written as files to the outbox folder /var/lib/bazaar/outbox, not sent.');
    expect(within(form).getByRole('radio', { name: 'Through this SMTP server' })).not.toBeChecked();
    for (const label of ['Host', 'Port', 'Security', 'User name', 'Password']) {
      expect(within(form).getByLabelText(label)).not.toBeVisible();
    }
    expect(within(form).queryByRole('heading', { name: 'SMTP server' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Sender name')).toHaveValue('bazaar');
    expect(screen.getByLabelText('Sender address')).toHaveValue('');
    expect(screen.queryByTestId('secret-key-note')).not.toBeInTheDocument();
  });

  it('shows the SMTP server’s fields for delivery through it, the password only as set', async () => {
    serveSettings(SMTP);
    renderPage();
    const form = await findForm(['How email is sent', 'SMTP server', 'Sender']);
    expect(within(form).getByRole('radio', { name: 'Through this SMTP server' })).toBeChecked();
    expect(screen.getByLabelText('Host')).toHaveValue('smtp.example.co.za');
    expect(screen.getByLabelText('Port')).toHaveValue('587');
    const security = screen.getByLabelText('Security');
    expect(security).toHaveValue('starttls');
    expect(within(security).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'STARTTLS (587)',
      'TLS (465)',
      'None — only to this machine',
    ]);
    expect(screen.getByLabelText('User name')).toHaveValue('orders@example.co.za');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', PASSWORD_SET_PLACEHOLDER);
    expect(screen.getByRole('checkbox', { name: 'Remove the password' })).not.toBeChecked();
  });

  it('switches to an SMTP server and saves it with its password, tidied as the server keeps it', async () => {
    const api = serveSettings();
    const { queryClient } = renderPage();
    const user = userEvent.setup();
    await findForm();

    await user.click(screen.getByRole('radio', { name: 'Through this SMTP server' }));
    await user.type(screen.getByLabelText('Host'), ' SMTP.Example.co.za ');
    await replace(user, screen.getByLabelText('Port'), '465');
    await user.selectOptions(screen.getByLabelText('Security'), 'tls');
    await user.type(screen.getByLabelText('User name'), 'orders@example.co.za');
    // No password is kept yet: none to remove.
    expect(screen.queryByRole('checkbox', { name: 'Remove the password' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('placeholder');
    await user.type(screen.getByLabelText('Password'), 's3cret pass');
    await replace(user, screen.getByLabelText('Sender name'), 'Mzansi Market');
    await user.type(screen.getByLabelText('Sender address'), 'Orders@Example.co.za');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.put).toEqual([
      {
        delivery: 'smtp',
        host: 'smtp.example.co.za',
        port: 465,
        security: 'tls',
        username: 'orders@example.co.za',
        password: 's3cret pass',
        from_name: 'Mzansi Market',
        from_address: 'orders@example.co.za',
      },
    ]);
    // The form starts again from what was kept: the password is set, and not shown.
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', PASSWORD_SET_PLACEHOLDER);
    expect(queryClient.getQueryData(emailSettingsQueryOptions().queryKey)).toMatchObject({ password_set: true, port: 465 });
  });

  it('keeps the password set unless one is typed, and removes it only when asked', async () => {
    const api = serveSettings(SMTP, (body) => kept(body, SMTP));
    renderPage();
    const user = userEvent.setup();
    await findForm();

    await replace(user, screen.getByLabelText('Sender name'), 'Mzansi Market Orders');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.put[0]).not.toHaveProperty('password');
    expect(api.put[0]).toMatchObject({ from_name: 'Mzansi Market Orders', username: 'orders@example.co.za' });

    await user.clear(screen.getByLabelText('User name'));
    await user.type(screen.getByLabelText('Password'), 'typed, then removed');
    await user.click(screen.getByRole('checkbox', { name: 'Remove the password' }));
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('placeholder');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.put).toHaveLength(2));
    expect(api.put[1]).toMatchObject({ username: '', password: '' });
  });

  it('checks the fields before sending, with the server’s messages', async () => {
    const api = serveSettings({ ...SETTINGS, password_set: false });
    renderPage();
    const user = userEvent.setup();
    await findForm();

    await user.click(screen.getByRole('radio', { name: 'Through this SMTP server' }));
    await replace(user, screen.getByLabelText('Port'), '70000');
    await user.type(screen.getByLabelText('User name'), 'orders');
    await user.clear(screen.getByLabelText('Sender name'));
    await user.type(screen.getByLabelText('Sender address'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(errorUnder(screen.getByLabelText('Host'))).toBe(EMAIL_SETTINGS_MESSAGES.hostMissing));
    expect(errorUnder(screen.getByLabelText('Port'))).toBe('The port is a number from 1 to 65535');
    expect(errorUnder(screen.getByLabelText('Password'))).toBe('Enter the password for this user');
    expect(errorUnder(screen.getByLabelText('Sender name'))).toBe('Enter the sender\'s name, up to 100 characters');
    expect(errorUnder(screen.getByLabelText('Sender address'))).toBe(
      'Enter the address email is sent from, such as orders@example.co.za',
    );
    expect(screen.getByLabelText('Host')).toHaveFocus();

    await user.type(screen.getByLabelText('Host'), 'smtp.example.co.za');
    await user.selectOptions(screen.getByLabelText('Security'), 'none');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(errorUnder(screen.getByLabelText('Security'))).toBe(
        'Without TLS email may only go to a server on this machine (localhost)',
      ),
    );
    expect(api.put).toHaveLength(0);
  });

  it('shows each field the server refused under its input, with a summary', async () => {
    const api = serveSettings(SMTP, () =>
      refusal('Invalid email settings', {
        host: 'Enter a host name such as smtp.example.co.za, without a scheme or port',
        from_address: 'Enter the address email is sent from, such as orders@example.co.za',
      }),
    );
    renderPage();
    await saveRefused(userEvent.setup(), api.put);
    const host = screen.getByLabelText('Host');
    expect(errorUnder(host)).toBe('Enter a host name such as smtp.example.co.za, without a scheme or port');
    expect(host).toHaveAttribute('aria-invalid', 'true');
    expect(host).toHaveFocus();
    expect(errorUnder(screen.getByLabelText('Sender address'))).toBe(
      'Enter the address email is sent from, such as orders@example.co.za',
    );
    expect(errorUnder(screen.getByLabelText('Port'))).toBeNull();
  });

  it('shows an SMTP field the server refused even while email goes as the server was started', async () => {
    const api = serveSettings(SETTINGS, () => refusal('Invalid', { port: 'The port is a number from 1 to 65535' }));
    renderPage();
    await saveRefused(userEvent.setup(), api.put);
    expect(errorUnder(screen.getByLabelText('Port'))).toBe('The port is a number from 1 to 65535');
  });

  it('says a password cannot be kept without BAZAAR_SECRET_KEY, and shows the server’s 409', async () => {
    const message = 'The server must be started with BAZAAR_SECRET_KEY to keep an SMTP password';
    const api = serveSettings({ ...SMTP, password_set: false, secrets_available: false }, () =>
      HttpResponse.json({ error: { code: 'secret_key_missing', message } }, { status: 409 }),
    );
    renderPage();
    const user = userEvent.setup();
    await findForm();
    expect(screen.getByTestId('secret-key-note')).toHaveTextContent(SECRET_KEY_NOTE);

    await user.type(screen.getByLabelText('Password'), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.put).toEqual([expect.objectContaining({ password: 's3cret' })]);
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
  });

  it('sends a test email to the signed-in admin and says what it went through', async () => {
    serveSettings();
    const sent = serveTests({ through: 'outbox /var/lib/bazaar/outbox', message_id: '<1@bazaar>' });
    renderPage();
    const user = userEvent.setup();
    await findForm();

    const panel = testPanel();
    const to = within(panel).getByLabelText('Send it to');
    expect(to).toHaveValue('chloe@example.com');
    await replace(user, to, ' amahle@example.com ');
    await user.click(within(panel).getByRole('button', { name: 'Send a test email' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('Sent through outbox /var/lib/bazaar/outbox');
    expect(sent).toEqual([{ to: 'amahle@example.com' }]);
  });

  it('shows why the mail server refused the test, and an address the server refused', async () => {
    serveSettings(SMTP);
    const reason = 'The test email was not sent: 535 5.7.8 Authentication credentials invalid';
    const sent = serveTests(
      HttpResponse.json({ error: { code: 'mail_failed', message: reason } }, { status: 502 }),
      refusal('Invalid', { to: 'Enter the address to send the test email to' }),
    );
    renderPage();
    const user = userEvent.setup();
    await findForm();
    const panel = testPanel();

    await user.click(within(panel).getByRole('button', { name: 'Send a test email' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(reason);
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Send a test email' }));
    await waitFor(() =>
      expect(errorUnder(within(panel).getByLabelText('Send it to'))).toBe('Enter the address to send the test email to'),
    );
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    expect(sent).toHaveLength(2);

    // Not an address: refused here, nothing sent.
    await replace(user, within(panel).getByLabelText('Send it to'), 'nobody');
    await user.click(within(panel).getByRole('button', { name: 'Send a test email' }));
    expect(errorUnder(within(panel).getByLabelText('Send it to'))).toBe(EMAIL_SETTINGS_MESSAGES.testTo);
    expect(sent).toHaveLength(2);
  });

  it('holds the test while the form has changes not saved: the test uses the saved settings', async () => {
    serveSettings();
    const sent = serveTests({ through: 'outbox /var/lib/bazaar/outbox', message_id: '<1@bazaar>' });
    renderPage();
    const user = userEvent.setup();
    await findForm();
    const send = within(testPanel()).getByRole('button', { name: 'Send a test email' });
    expect(send).toBeEnabled();
    expect(screen.queryByTestId('test-save-first')).not.toBeInTheDocument();
    await user.click(send);
    expect(await within(testPanel()).findByRole('status')).toHaveTextContent('Sent through');

    await user.type(screen.getByLabelText('Sender name'), ' shop');
    expect(send).toBeDisabled();
    expect(screen.getByTestId('test-save-first')).toHaveTextContent(SAVE_FIRST);
    expect(within(testPanel()).queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(send).toBeEnabled();
    // What the test said was of the settings before: it is not shown for the ones saved since.
    expect(within(testPanel()).queryByRole('status')).not.toBeInTheDocument();
    await user.click(send);
    expect(await within(testPanel()).findByRole('status')).toHaveTextContent('Sent through');
    expect(sent).toHaveLength(2);
  });

  it('holds the save button while saving', async () => {
    await expectButtonOffWhileSaving();
  });

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    await failLoadThenRetry();
    expect(await screen.findByLabelText('Sender name')).toHaveValue('bazaar');
  });
});
