import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type AdminHomeContent, type HomeContent } from '@/features/admin/api/home-content';
import { AdminHomeContentPage, HOME_CONTENT_MESSAGES } from '@/features/admin/components/home-content-page';
import { errorUnder, refusal, replace, saveRefused, settingsPageHarness } from '@/test/admin-settings';
import { server } from '@/test/msw-server';

const BUILT_IN: AdminHomeContent = {
  slides: [
    {
      subtitle: 'New season',
      title: 'Gear up for your next personal best',
      description: 'Running, training and match-day kit from South African brands, priced in rand with VAT included.',
      button_text: 'Shop now',
      link: '/products/',
      image_url: null,
      tone: 'brand',
    },
    {
      subtitle: 'From local stores',
      title: 'Made for the trail, the gym and the field',
      description: 'Outdoor, team sports and training gear from trusted sellers across South Africa.',
      button_text: 'Browse products',
      link: '/products/',
      image_url: null,
      tone: 'light',
    },
  ],
  banners: [
    {
      kicker: 'Today only',
      title: 'Daily deals',
      text: 'New discounts every day on gear from our stores.',
      button_text: 'See the deals',
      link: '/daily-deals/',
      image_url: null,
      tone: 'sale',
    },
    {
      kicker: 'Just landed',
      title: 'New arrivals',
      text: 'The latest kit from South African brands, fresh in the shop.',
      button_text: 'Shop new arrivals',
      link: '/products/?sort=newest',
      image_url: null,
      tone: 'dark',
    },
  ],
  is_default: true,
};

const EDITED: AdminHomeContent = {
  slides: [{ ...BUILT_IN.slides[0]!, title: 'Winter sale', image_url: '/media/winter.jpg' }],
  banners: [{ ...BUILT_IN.banners[1]!, tone: 'brand', link: 'https://example.co.za/trail' }],
  is_default: false,
};

const { serveSettings, renderPage, findForm, expectButtonOffWhileSaving, failLoadThenRetry } = settingsPageHarness({
  title: 'Home page',
  path: 'home',
  page: <AdminHomeContentPage />,
  settings: BUILT_IN,
  kept: (body: HomeContent): AdminHomeContent => ({ ...body, is_default: false }),
});

function slide(number: number): HTMLElement {
  return screen.getByRole('group', { name: `Slide ${number}` });
}

function banner(number: number): HTMLElement {
  return screen.getByRole('group', { name: `Banner ${number}` });
}

describe('/admin/home-page', () => {
  it('loads the slides and banners into the form, and says they are the built-in ones', async () => {
    serveSettings();
    renderPage();
    const form = await findForm(['Hero slides', 'Banners']);

    expect(within(form).getAllByTestId('slide-fields')).toHaveLength(2);
    expect(within(slide(1)).getByLabelText('Subtitle')).toHaveValue('New season');
    expect(within(slide(1)).getByLabelText('Title')).toHaveValue('Gear up for your next personal best');
    expect(within(slide(1)).getByLabelText('Button text')).toHaveValue('Shop now');
    expect(within(slide(1)).getByLabelText('Link')).toHaveValue('/products/');
    expect(within(slide(1)).getByLabelText('Image URL')).toHaveValue('');
    expect(within(slide(2)).getByLabelText('Colours')).toHaveValue('light');
    expect(within(banner(1)).getByLabelText('Kicker')).toHaveValue('Today only');
    expect(within(banner(1)).getByLabelText('Colours')).toHaveValue('sale');
    expect(within(banner(2)).getByLabelText('Link')).toHaveValue('/products/?sort=newest');
    expect(within(banner(2)).getByLabelText('Colours')).toHaveValue('dark');
    // The image field points at the media library.
    expect(within(slide(1)).getByRole('link', { name: 'media library' })).toHaveAttribute('href', '/admin/media/');

    expect(screen.getByTestId('status-badge')).toHaveTextContent('Built-in content');
    // Nothing to restore.
    expect(screen.getByRole('button', { name: 'Restore the built-in content' })).toBeDisabled();
    // One slide is the least, so a slide can be removed; the first cannot move up.
    expect(within(slide(1)).getByRole('button', { name: 'Move slide 1 up' })).toBeDisabled();
    expect(within(slide(2)).getByRole('button', { name: 'Move slide 2 down' })).toBeDisabled();
    expect(within(slide(1)).getByRole('button', { name: 'Remove slide 1' })).toBeEnabled();
  });

  it('shows an edited page as edited, with a preview of each picture', async () => {
    serveSettings(EDITED);
    renderPage();
    await findForm();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Edited');
    expect(within(slide(1)).getByTestId('image-preview')).toHaveAttribute('src', '/media/winter.jpg');
    expect(within(banner(1)).queryByTestId('image-preview')).not.toBeInTheDocument();
    // The last slide cannot go.
    expect(within(slide(1)).getByRole('button', { name: 'Remove slide 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Restore the built-in content' })).toBeEnabled();
  });

  it('saves the slides and banners as edited: trimmed, moved, added and removed, empty pictures as null', async () => {
    const api = serveSettings();
    renderPage();
    const user = userEvent.setup();
    await findForm();

    await replace(user, within(slide(1)).getByLabelText('Title'), '  Winter sale  ');
    await replace(user, within(slide(1)).getByLabelText('Image URL'), '/media/winter.jpg');
    await user.click(screen.getByRole('button', { name: 'Add a slide' }));
    await replace(user, within(slide(3)).getByLabelText('Title'), 'Run the Comrades');
    await replace(user, within(slide(3)).getByLabelText('Link'), 'https://comrades.example/enter');
    await user.selectOptions(within(slide(3)).getByLabelText('Colours'), 'light');
    await user.click(within(slide(3)).getByRole('button', { name: 'Move slide 3 up' }));
    await user.click(within(banner(1)).getByRole('button', { name: 'Remove banner 1' }));
    await user.selectOptions(within(banner(1)).getByLabelText('Colours'), 'brand');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.put).toEqual([
      {
        slides: [
          { ...BUILT_IN.slides[0], title: 'Winter sale', image_url: '/media/winter.jpg' },
          {
            subtitle: '',
            title: 'Run the Comrades',
            description: '',
            button_text: 'Shop now',
            link: 'https://comrades.example/enter',
            image_url: null,
            tone: 'light',
          },
          BUILT_IN.slides[1],
        ],
        banners: [{ ...BUILT_IN.banners[1], tone: 'brand' }],
      },
    ]);
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Edited');
    expect(within(slide(1)).getByLabelText('Title')).toHaveValue('Winter sale');
  });

  it('checks the limits before sending', async () => {
    const api = serveSettings();
    renderPage();
    const user = userEvent.setup();
    await findForm();

    await replace(user, within(slide(1)).getByLabelText('Title'), '   ');
    await replace(user, within(slide(2)).getByLabelText('Subtitle'), 'x'.repeat(41));
    await replace(user, within(slide(2)).getByLabelText('Link'), '//elsewhere.example/');
    await replace(user, within(banner(1)).getByLabelText('Image URL'), 'http://example.com/a.png');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(errorUnder(within(slide(1)).getByLabelText('Title'))).toBe('Enter the title'));
    expect(errorUnder(within(slide(2)).getByLabelText('Subtitle'))).toBe(
      'The subtitle is at most 40 characters on one line',
    );
    expect(errorUnder(within(slide(2)).getByLabelText('Link'))).toBe(HOME_CONTENT_MESSAGES.link);
    expect(errorUnder(within(banner(1)).getByLabelText('Image URL'))).toBe(HOME_CONTENT_MESSAGES.image);
    expect(errorUnder(within(banner(2)).getByLabelText('Title'))).toBeNull();
    expect(api.put).toHaveLength(0);
  });

  it('keeps to 1 to 6 slides and at most 4 banners', async () => {
    serveSettings();
    renderPage();
    const user = userEvent.setup();
    await findForm();

    const addSlide = screen.getByRole('button', { name: 'Add a slide' });
    for (let i = 0; i < 4; i += 1) await user.click(addSlide);
    expect(screen.getAllByTestId('slide-fields')).toHaveLength(6);
    expect(addSlide).toBeDisabled();
    const addBanner = screen.getByRole('button', { name: 'Add a banner' });
    await user.click(addBanner);
    await user.click(addBanner);
    expect(screen.getAllByTestId('banner-fields')).toHaveLength(4);
    expect(addBanner).toBeDisabled();
    for (let i = 4; i >= 1; i -= 1) await user.click(screen.getByRole('button', { name: `Remove banner ${i}` }));
    expect(screen.queryAllByTestId('banner-fields')).toHaveLength(0);
    expect(screen.getByText('No banners: the home page shows none.')).toBeInTheDocument();
  });

  it('shows each field the server refused under its input, with a summary', async () => {
    const api = serveSettings(BUILT_IN, () =>
      refusal('Invalid', {
        'slides.1.link': HOME_CONTENT_MESSAGES.link,
        'banners.0.title': 'The title is at most 60 characters on one line',
        banners: 'Show at most 4 banners',
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await findForm();
    await saveRefused(user, api.put);

    const link = within(slide(2)).getByLabelText('Link');
    expect(errorUnder(link)).toBe(HOME_CONTENT_MESSAGES.link);
    expect(link).toHaveAttribute('aria-invalid', 'true');
    // The first refused field in the page's order is focused.
    expect(link).toHaveFocus();
    expect(errorUnder(within(banner(1)).getByLabelText('Title'))).toBe('The title is at most 60 characters on one line');
    expect(screen.getByText('Show at most 4 banners')).toBeInTheDocument();
    expect(errorUnder(within(slide(1)).getByLabelText('Link'))).toBeNull();
  });

  it('restores the built-in content after a confirmation', async () => {
    serveSettings(EDITED);
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/v1/admin/settings/home', ({ request }) => {
        deleted.push(request.method);
        return HttpResponse.json(BUILT_IN);
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await findForm();

    await user.click(screen.getByRole('button', { name: 'Restore the built-in content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore the built-in content?' });
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual(['DELETE']);
    expect(screen.getByText('The built-in content is back')).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Built-in content');
    expect(screen.getAllByTestId('slide-fields')).toHaveLength(2);
    expect(within(slide(1)).getByLabelText('Title')).toHaveValue('Gear up for your next personal best');
    expect(within(banner(2)).getByLabelText('Title')).toHaveValue('New arrivals');
  });

  it('keeps the button off while saving', () => expectButtonOffWhileSaving());

  it('shows a skeleton while loading, then an error with a retry when the load fails', async () => {
    await failLoadThenRetry();
    expect(await screen.findByRole('group', { name: 'Slide 1' })).toBeInTheDocument();
  });
});
