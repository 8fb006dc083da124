import { http, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrandTheme } from '@/components/layout/brand-theme';
import type { PublicBranding } from '@/lib/public-settings';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

const SERIF = "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif";
const HUMANIST = "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif";

/** As the server writes it (bazaar_domain::settings::branding::Branding::css). */
const CSS = [
  `html{--font-sans:${HUMANIST};--font-heading:${SERIF}}`,
  'html:not(.dark){--color-brand-50:#e8edfb;--color-brand-100:#d2dcf7;--color-brand-600:#1d4ed8;' +
    '--color-brand-700:#173ead;--color-brand-800:#13338c;--color-sale:#b91c1c}',
].join('\n');

const BRANDED: PublicBranding = {
  css: CSS,
  favicon_url: '/media/brand/icon.png',
  body_font: HUMANIST,
  heading_font: SERIF,
  light: {
    brand_50: '#e8edfb',
    brand_100: '#d2dcf7',
    brand_600: '#1d4ed8',
    brand_700: '#173ead',
    brand_800: '#13338c',
    sale: '#b91c1c',
  },
  dark: {
    brand_50: '#05091a',
    brand_100: '#0e1a34',
    brand_600: '#93c5fd',
    brand_700: '#93c5fd',
    brand_800: '#b3d6fe',
    sale: '#f87171',
  },
};

/** Never saved: the server's default fonts and no colours. */
const UNBRANDED: PublicBranding = { ...BRANDED, css: '', favicon_url: null, light: null, dark: null };

function serveBranding(branding: PublicBranding) {
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings({ branding }))));
}

/** The page head as the exported site has it: Next's icon and the two theme colours. */
function exportedHead() {
  document.head.innerHTML = [
    '<link rel="icon" href="/icon.svg?abc" type="image/svg+xml" sizes="any">',
    '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#065f46">',
    '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0b0b0b">',
  ].join('');
}

const brandStyle = () => document.head.querySelector('style#brand-theme');
const icon = () => document.head.querySelector('link[rel="icon"]');

afterEach(() => {
  document.head.innerHTML = '';
});

describe('BrandTheme', () => {
  it('adds one style to the head, sets the favicon and the light theme colour', async () => {
    exportedHead();
    serveBranding(BRANDED);
    renderWithQueryClient(<BrandTheme />);

    await waitFor(() => expect(brandStyle()).not.toBeNull());
    expect(brandStyle()?.textContent).toBe(CSS);
    expect(document.head.querySelectorAll('style#brand-theme')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel~="icon"]')).toHaveLength(1);
    expect(icon()).toHaveAttribute('href', '/media/brand/icon.png');
    // A PNG is not an SVG: the old type would make browsers skip it.
    expect(icon()).not.toHaveAttribute('type');
    expect(document.head.querySelector('meta[media*="light"]')).toHaveAttribute('content', '#173ead');
    expect(document.head.querySelector('meta[media*="dark"]')).toHaveAttribute('content', '#0b0b0b');
  });

  it('reuses the style the server served the page with', async () => {
    document.head.innerHTML = '<style id="brand-theme">html{}</style>';
    serveBranding(BRANDED);
    renderWithQueryClient(<BrandTheme />);
    await waitFor(() => expect(brandStyle()?.textContent).toBe(CSS));
    expect(document.head.querySelectorAll('style')).toHaveLength(1);
  });

  it('leaves the head alone when no colours were saved', async () => {
    exportedHead();
    const before = document.head.innerHTML;
    serveBranding(UNBRANDED);
    const { queryClient } = renderWithQueryClient(<BrandTheme />);
    await waitFor(() => expect(queryClient.getQueryState(['settings', 'public'])?.status).toBe('success'));
    expect(document.head.innerHTML).toBe(before);
  });

  it('follows a change of the settings and puts the site’s own icon back', async () => {
    exportedHead();
    serveBranding(BRANDED);
    const { queryClient } = renderWithQueryClient(<BrandTheme />);
    await waitFor(() => expect(icon()).toHaveAttribute('href', '/media/brand/icon.png'));

    queryClient.setQueryData(['settings', 'public'], publicSettings({ branding: { ...BRANDED, favicon_url: null } }));
    await waitFor(() => expect(icon()).toHaveAttribute('href', '/icon.svg?abc'));
    expect(icon()).toHaveAttribute('type', 'image/svg+xml');

    queryClient.setQueryData(['settings', 'public'], publicSettings({ branding: UNBRANDED }));
    await waitFor(() => expect(brandStyle()).toBeNull());
    expect(document.head.querySelector('meta[media*="light"]')).toHaveAttribute('content', '#065f46');
  });
});
