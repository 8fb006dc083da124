import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminSettingsIndexPage } from '@/features/admin/components/settings-index-page';
import { renderWithQueryClient } from '@/test/render';

describe('/admin/settings', () => {
  it('links each settings page there is, saying what it changes', () => {
    renderWithQueryClient(<AdminSettingsIndexPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Settings pages' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/general-settings/',
      '/admin/advanced-settings/',
      '/admin/branding-settings/',
      '/admin/home-page/',
      '/admin/tracking-settings/',
      '/admin/email-templates/',
      '/admin/email-settings/',
      '/admin/seo-settings/',
      '/admin/countries-settings/',
      '/admin/currencies-settings/',
      '/admin/payment-gateways/',
    ]);

    const general = within(list).getByRole('link', { name: 'General' });
    expect(general).toHaveAttribute('href', '/admin/general-settings/');
    expect(general).toHaveAccessibleDescription('Store details, shipping, VAT and points.');

    const advanced = within(list).getByRole('link', { name: 'Advanced' });
    expect(advanced).toHaveAttribute('href', '/admin/advanced-settings/');
    expect(advanced).toHaveAccessibleDescription(
      'Maintenance mode, sign-ups, product review, stock holds and rate limits.',
    );

    const emails = within(list).getByRole('link', { name: 'Email templates' });
    expect(emails).toHaveAttribute('href', '/admin/email-templates/');
    expect(emails).toHaveAccessibleDescription('The wording of order, account and store application emails.');

    const sending = within(list).getByRole('link', { name: 'Email sending' });
    expect(sending).toHaveAttribute('href', '/admin/email-settings/');
    expect(sending).toHaveAccessibleDescription(
      'How email leaves the store: the server’s own way or an SMTP server, and a test email.',
    );

    const payments = within(list).getByRole('link', { name: 'Payments' });
    expect(payments).toHaveAttribute('href', '/admin/payment-gateways/');
    expect(payments).toHaveAccessibleDescription('PayFast mode, merchant and notification sources.');
    for (const [name, href] of [
      ['SEO', '/admin/seo-settings/'],
      ['Countries', '/admin/countries-settings/'],
      ['Currencies', '/admin/currencies-settings/'],
    ]) {
      expect(within(list).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });
});
