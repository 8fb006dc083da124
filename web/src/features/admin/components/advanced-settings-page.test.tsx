import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type AdvancedSettings,
  type AdvancedSettingsInput,
  advancedSettingsQueryOptions,
} from '@/features/admin/api/settings';
import {
  AdminAdvancedSettingsPage,
  MAINTENANCE_WARNING,
  windowPhrase,
} from '@/features/admin/components/advanced-settings-page';
import { MAINTENANCE_BANNER } from '@/components/layout/maintenance-notice';
import {
  errorUnder,
  expectPublicSettingsStale,
  hintUnder,
  refusal,
  replace,
  saveRefused,
  settingsPageHarness,
} from '@/test/admin-settings';

const SETTINGS: AdvancedSettings = {
  maintenance_mode: false,
  maintenance_message: 'We are making some improvements and will be back shortly.',
  sign_up_open: true,
  product_review_new_vendors: false,
  product_review_days: 30,
  reservation_minutes: 60,
  rate_limits: { sign_in: 30, sign_up: 10, recover: 5, verify: 30, refresh: 120, mfa: 10, redeem: 20 },
  rate_limit_window_seconds: 300,
};

const LIMIT_LABELS = [
  ['Password sign-ins', '30'],
  ['Sign-ups', '10'],
  ['Recovery emails', '5'],
  ['Email link and code checks', '30'],
  ['Session refreshes', '120'],
  ['Second-factor checks', '10'],
  ['Points-code redemptions', '20'],
] as const;

const { serveSettings, renderPage, renderWithPublicSettings, findForm, expectButtonOffWhileSaving, failLoadThenRetry } =
  settingsPageHarness({
    title: 'Advanced settings',
    path: 'advanced',
    page: <AdminAdvancedSettingsPage />,
    settings: SETTINGS,
    kept: (body: AdvancedSettingsInput): AdvancedSettings => ({ ...body, rate_limit_window_seconds: 300 }),
  });

describe('/admin/advanced-settings', () => {
  it('loads the settings into the form, section by section', async () => {
    serveSettings();
    renderPage();
    const form = await findForm(['Maintenance', 'Accounts', 'Product review', 'Stock holds', 'Rate limits']);

    const maintenance = within(form).getByRole('switch', { name: 'Maintenance mode' });
    expect(maintenance).not.toBeChecked();
    expect(hintUnder(maintenance)).toMatch(/Admins still get through/);
    expect(within(form).getByLabelText('Maintenance message')).toHaveValue(SETTINGS.maintenance_message);
    expect(within(form).getByRole('switch', { name: 'Sign-ups open' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Review new stores’ products' })).not.toBeChecked();
    expect(within(form).getByLabelText('A store is new for (days)')).toHaveValue('30');
    expect(within(form).getByLabelText('Unpaid orders hold stock for (minutes)')).toHaveValue('60');

    // Seven limits in plain words, each "per 5 minutes" (the server's 300-second window).
    for (const [label, value] of LIMIT_LABELS) {
      const input = within(form).getByLabelText(label);
      expect(input).toHaveValue(value);
      expect(hintUnder(input)).toMatch(/^Per 5 minutes, for each /);
    }
    // The window is said, not asked.
    expect(within(form).getAllByRole('textbox')).toHaveLength(1 + 2 + LIMIT_LABELS.length);
    expect(screen.queryByTestId('maintenance-warning')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the window in words', () => {
    expect(windowPhrase(300)).toBe('5 minutes');
    expect(windowPhrase(60)).toBe('minute');
    expect(windowPhrase(3600)).toBe('hour');
    expect(windowPhrase(7200)).toBe('2 hours');
    expect(windowPhrase(90)).toBe('90 seconds');
    expect(windowPhrase(0)).toBe('5 minutes');
  });

  it('warns that customers will see the message when maintenance mode is being switched on', async () => {
    serveSettings();
    renderPage();
    const user = userEvent.setup();
    const maintenance = await screen.findByRole('switch', { name: 'Maintenance mode' });
    await user.click(maintenance);
    expect(screen.getByTestId('maintenance-warning')).toHaveTextContent(MAINTENANCE_WARNING);
    await user.click(maintenance);
    expect(screen.queryByTestId('maintenance-warning')).not.toBeInTheDocument();
  });

  it('says maintenance mode is on when it is', async () => {
    serveSettings({ ...SETTINGS, maintenance_mode: true });
    renderPage();
    expect(await screen.findByTestId('maintenance-on')).toHaveTextContent(MAINTENANCE_BANNER);
    expect(screen.queryByTestId('maintenance-warning')).not.toBeInTheDocument();
  });

  it('saves the whole body (without the window) and says so', async () => {
    const api = serveSettings();
    const { queryClient } = renderWithPublicSettings();
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'Advanced settings' });
    await user.click(within(form).getByRole('switch', { name: 'Maintenance mode' }));
    await replace(user, within(form).getByLabelText('Maintenance message'), '  Back at 10:00 after a stock take.  ');
    await user.click(within(form).getByRole('switch', { name: 'Sign-ups open' }));
    await user.click(within(form).getByRole('switch', { name: 'Review new stores’ products' }));
    await replace(user, within(form).getByLabelText('A store is new for (days)'), '0');
    await replace(user, within(form).getByLabelText('Unpaid orders hold stock for (minutes)'), '45');
    await replace(user, within(form).getByLabelText('Sign-ups'), '3');
    await replace(user, within(form).getByLabelText('Points-code redemptions'), '10000');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(api.put).toEqual([
      {
        maintenance_mode: true,
        maintenance_message: 'Back at 10:00 after a stock take.',
        sign_up_open: false,
        product_review_new_vendors: true,
        product_review_days: 0,
        reservation_minutes: 45,
        rate_limits: { sign_in: 30, sign_up: 3, recover: 5, verify: 30, refresh: 120, mfa: 10, redeem: 10000 },
      },
    ]);
    expect(queryClient.getQueryData(advancedSettingsQueryOptions().queryKey)).toMatchObject({
      maintenance_mode: true,
      sign_up_open: false,
    });
    // Saved on: no longer "being switched on", but on.
    expect(screen.queryByTestId('maintenance-warning')).not.toBeInTheDocument();
    expect(screen.getByTestId('maintenance-on')).toHaveTextContent(MAINTENANCE_BANNER);
    // The storefront's settings (maintenance, sign-ups) are read again.
    await expectPublicSettingsStale(queryClient);

    // Changing something again clears the message.
    await user.type(screen.getByLabelText('Maintenance message'), '!');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('checks the ranges before sending', async () => {
    const api = serveSettings();
    renderPage();
    const user = userEvent.setup();
    const message = await screen.findByLabelText('Maintenance message');
    await replace(user, message, 'Too short');
    await replace(user, screen.getByLabelText('A store is new for (days)'), '3651');
    await replace(user, screen.getByLabelText('Unpaid orders hold stock for (minutes)'), '4');
    await replace(user, screen.getByLabelText('Sign-ups'), '0');
    await replace(user, screen.getByLabelText('Session refreshes'), '10001');
    await replace(user, screen.getByLabelText('Second-factor checks'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(errorUnder(message)).toBe('The maintenance message must be 10 to 500 characters'));
    expect(errorUnder(screen.getByLabelText('A store is new for (days)'))).toBe('A store is new for 0 to 3,650 days');
    expect(errorUnder(screen.getByLabelText('Unpaid orders hold stock for (minutes)'))).toBe(
      'Unpaid orders hold stock for 5 to 10,080 minutes (a week)',
    );
    for (const label of ['Sign-ups', 'Session refreshes', 'Second-factor checks']) {
      expect(errorUnder(screen.getByLabelText(label))).toBe('A limit must be 1 to 10,000 attempts per 5 minutes');
    }
    expect(errorUnder(screen.getByLabelText('Password sign-ins'))).toBeNull();
    expect(api.put).toHaveLength(0);
  });

  it('shows each field the server refused under its input, a rate limit’s too, with a summary', async () => {
    const api = serveSettings(SETTINGS, () =>
      refusal('The maintenance message must be 10 to 500 characters', {
        maintenance_message: 'The maintenance message must be 10 to 500 characters',
        'rate_limits.sign_up': 'A limit must be 1 to 10,000 attempts per 5 minutes',
        reservation_minutes: 'Unpaid orders hold stock for 5 to 10,080 minutes (a week)',
        something_else: 'Something the page does not show',
      }),
    );
    renderPage();
    await saveRefused(userEvent.setup(), api.put, 'Something the page does not show');
    const message = screen.getByLabelText('Maintenance message');
    expect(errorUnder(message)).toBe('The maintenance message must be 10 to 500 characters');
    expect(message).toHaveAttribute('aria-invalid', 'true');
    // The first refused field in the page's order is focused.
    expect(message).toHaveFocus();
    const signUps = screen.getByLabelText('Sign-ups');
    expect(errorUnder(signUps)).toBe('A limit must be 1 to 10,000 attempts per 5 minutes');
    expect(signUps).toHaveAttribute('aria-invalid', 'true');
    expect(errorUnder(screen.getByLabelText('Unpaid orders hold stock for (minutes)'))).toBe(
      'Unpaid orders hold stock for 5 to 10,080 minutes (a week)',
    );
    expect(errorUnder(screen.getByLabelText('Password sign-ins'))).toBeNull();
    expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });

  it('keeps the button off while saving', () => expectButtonOffWhileSaving());

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    await failLoadThenRetry();
    expect(await screen.findByLabelText('Maintenance message')).toHaveValue(SETTINGS.maintenance_message);
  });
});
