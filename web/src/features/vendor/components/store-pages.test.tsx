import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { StoreProfile, StoreProfileInput } from '@/lib/selling/types';
import { StoreCustomizePage } from '@/features/vendor/components/store-customize-page';
import { StoreProfilePage } from '@/features/vendor/components/store-profile-page';
import { storeSession } from '@/test/auth';
import { mediaItem, mediaList } from '@/test/media-library';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';
import { storeProfile } from '@/test/selling';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), usePathname: vi.fn(() => '/vendor/store/') }));

/**
 * Serves GET /api/v1/vendor/store and answers each PUT with the next of `answers` (a profile, or
 * a 400's field errors), recording the bodies sent.
 */
function serveProfile(profile: StoreProfile, answers: (StoreProfile | { fields: Record<string, string> })[] = []) {
  const sent: StoreProfileInput[] = [];
  let current = profile;
  server.use(
    http.get('*/api/v1/vendor/store', () => HttpResponse.json(current)),
    http.put('*/api/v1/vendor/store', async ({ request }) => {
      sent.push((await request.json()) as StoreProfileInput);
      const answer = answers.shift();
      if (answer && 'fields' in answer) {
        return HttpResponse.json(
          { error: { code: 'validation_failed', message: 'Some fields need attention', fields: answer.fields } },
          { status: 400 },
        );
      }
      current = answer ?? current;
      return HttpResponse.json(current);
    }),
  );
  return sent;
}

function renderWithToaster(ui: React.ReactElement) {
  return renderWithQueryClient(
    <>
      {ui}
      <Toaster />
    </>,
  );
}

// Sonner replays toasts still on screen to a new Toaster; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

beforeEach(() => {
  storeSession();
});

describe('/vendor/store', () => {
  it('shows the API’s field errors under their inputs, then saves the whole profile', async () => {
    const profile = storeProfile({ store_logo_url: '/media/v/cape-trail-co/logo.jpg', accent_color: '#1e3a8a' });
    const sent = serveProfile(profile, [
      {
        fields: {
          'social_links.instagram': 'Use a full https:// address',
          store_description: 'Description must not contain control characters',
        },
      },
      storeProfile({ ...profile, return_policy: 'Returns within 30 days.' }),
    ]);
    renderWithToaster(<StoreProfilePage />);

    const form = await screen.findByRole('form', { name: 'Store profile' });
    expect(screen.getByRole('link', { name: 'View your store' })).toHaveAttribute('href', '/store/cape-trail-co/');
    expect(within(form).getByLabelText('Store name')).toHaveValue('Cape Trail Co');
    expect(within(form).getByLabelText('Instagram')).toHaveValue('https://instagram.com/capetrailco');
    expect(screen.getByTestId('delivery-promise')).toHaveTextContent('Delivery in 4–8 business days');

    const user = userEvent.setup();
    const instagram = within(form).getByLabelText('Instagram');
    await user.clear(instagram);
    await user.type(instagram, 'https://instagram');
    await user.type(within(form).getByLabelText('Return policy'), 'Returns within 30 days.');
    await user.click(within(form).getByRole('button', { name: 'Save store' }));

    await waitFor(() => expect(instagram).toHaveAccessibleDescription('Use a full https:// address'));
    expect(instagram).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Description')).toHaveAccessibleDescription(
      /Description must not contain control characters/,
    );
    // The first field in error has the focus.
    expect(within(form).getByLabelText('Description')).toHaveFocus();

    await user.clear(instagram);
    await user.click(within(form).getByRole('button', { name: 'Save store' }));
    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect(instagram).not.toHaveAttribute('aria-invalid');

    // PUT replaces the page: what this form does not edit is sent as it was.
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      store_name: 'Cape Trail Co',
      store_description: 'Trail running gear made and tested in the Cape.',
      store_logo_url: '/media/v/cape-trail-co/logo.jpg',
      store_banner_url: null,
      accent_color: '#1e3a8a',
      standard_delivery_min_days: 2,
      standard_delivery_max_days: 5,
      return_policy: 'Returns within 30 days.',
      social_links: { website: '', instagram: '', facebook: '', x: '', tiktok: '', youtube: '' },
    });
  });

  it('checks the delivery days before sending', async () => {
    const sent = serveProfile(storeProfile());
    renderWithToaster(<StoreProfilePage />);
    const form = await screen.findByRole('form', { name: 'Store profile' });

    const user = userEvent.setup();
    const fewest = within(form).getByLabelText('Fewest business days');
    const most = within(form).getByLabelText('Most business days');
    await user.clear(fewest);
    await user.type(fewest, '9');
    await user.clear(most);
    await user.type(most, '3');
    await user.click(within(form).getByRole('button', { name: 'Save store' }));

    expect(await within(form).findByText('At least the fewest days')).toBeInTheDocument();
    expect(most).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(most);
    await user.type(most, '61');
    expect(await within(form).findByText('Between 1 and 60 business days')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('/vendor/store/customize', () => {
  const logo = mediaItem();

  it('previews the name, accent colour and logo as they are edited, and saves them', async () => {
    const profile = storeProfile({ return_policy: 'Returns within 30 days.' });
    const sent = serveProfile(profile, [
      storeProfile({
        ...profile,
        store_name: 'Cape Trail Company',
        accent_color: '#facc15',
        store_logo_url: logo.url,
      }),
    ]);
    server.use(
      http.get('*/api/v1/vendor/media', ({ request }) => {
        expect(new URL(request.url).searchParams.get('kind')).toBe('image');
        return HttpResponse.json(mediaList([logo]));
      }),
    );
    renderWithToaster(<StoreCustomizePage />);

    const preview = await screen.findByTestId('store-preview');
    const header = within(preview).getByTestId('store-header');
    expect(within(preview).getByRole('heading', { name: 'Cape Trail Co' })).toBeInTheDocument();
    expect(header).not.toHaveAttribute('data-accent');
    expect(within(preview).getByTestId('store-delivery')).toHaveTextContent('Delivery in 4–8 business days');
    expect(within(preview).getByRole('link', { name: /Instagram/ })).toHaveAttribute(
      'href',
      'https://instagram.com/capetrailco',
    );

    // The name: the preview follows each keystroke.
    const form = screen.getByRole('form', { name: 'Store look' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Store name'), 'mpany');
    expect(within(preview).getByRole('heading', { name: 'Cape Trail Company' })).toBeInTheDocument();

    // The colour picker sets the hex code and the preview's accent.
    fireEvent.input(screen.getByLabelText('Pick the accent colour'), { target: { value: '#1e3a8a' } });
    expect(within(form).getByLabelText('Hex code')).toHaveValue('#1e3a8a');
    expect(header).toHaveAttribute('data-accent', '#1e3a8a');
    expect(header.style.getPropertyValue('--store-accent-text')).toBe('#ffffff');

    // The hex code sets the picker and the preview; short codes too.
    const hex = within(form).getByLabelText('Hex code');
    await user.clear(hex);
    await user.type(hex, '#fc1');
    expect(header).toHaveAttribute('data-accent', '#ffcc11');
    expect(screen.getByLabelText('Pick the accent colour')).toHaveValue('#ffcc11');
    await user.clear(hex);
    await user.type(hex, '#FACC15');
    expect(header).toHaveAttribute('data-accent', '#facc15');
    expect(header.style.getPropertyValue('--store-accent-text')).toBe('#000000');

    // The logo, from the media library.
    expect(within(preview).queryByRole('img', { name: /logo/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Choose logo' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose your logo' });
    await user.click(await within(picker).findByRole('button', { name: 'Choose Cape Trail Co mountain logo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(preview).getByRole('img', { name: 'Cape Trail Company logo' })).toHaveAttribute('src', logo.url);
    expect(screen.getByTestId('unsaved-changes')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save store' }));
    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        store_name: 'Cape Trail Company',
        store_description: 'Trail running gear made and tested in the Cape.',
        store_logo_url: logo.url,
        store_banner_url: null,
        accent_color: '#facc15',
        standard_delivery_min_days: 2,
        standard_delivery_max_days: 5,
        return_policy: 'Returns within 30 days.',
        social_links: { instagram: 'https://instagram.com/capetrailco' },
      },
    ]);
    expect(screen.queryByTestId('unsaved-changes')).not.toBeInTheDocument();
  });

  it('refuses a colour that is not a hex code, and goes back to the site’s colour', async () => {
    const sent = serveProfile(storeProfile({ accent_color: '#1e3a8a' }));
    renderWithToaster(<StoreCustomizePage />);

    const preview = await screen.findByTestId('store-preview');
    const header = within(preview).getByTestId('store-header');
    expect(header).toHaveAttribute('data-accent', '#1e3a8a');
    const form = screen.getByRole('form', { name: 'Store look' });
    const user = userEvent.setup();
    const hex = within(form).getByLabelText('Hex code');
    await user.clear(hex);
    await user.type(hex, 'teal');
    await user.click(within(form).getByRole('button', { name: 'Save store' }));
    expect(hex).toHaveAccessibleDescription('Use a colour like #0f766e');
    expect(sent).toEqual([]);

    await user.click(within(form).getByRole('button', { name: "Use the site's colour" }));
    expect(hex).toHaveValue('');
    expect(header).not.toHaveAttribute('data-accent');
    await user.click(within(form).getByRole('button', { name: 'Save store' }));
    expect(await screen.findByText('Store saved')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ accent_color: null });
  });
});
