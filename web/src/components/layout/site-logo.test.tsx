import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteLogo } from '@/components/layout/site-logo';
import type { PublicSettings } from '@/lib/public-settings';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

function renderLogo(overrides: Partial<PublicSettings>) {
  server.use(http.get('*/api/v1/settings/public', () => HttpResponse.json(publicSettings(overrides))));
  renderWithQueryClient(<SiteLogo />);
}

describe('SiteLogo', () => {
  it('shows the logo picture, named by the logo text, linking home', async () => {
    renderLogo({ site: { logo_url: '/media/brand/logo.png', logo_text: 'Kasi Market' } });
    const picture = await screen.findByRole('img', { name: 'Kasi Market' });
    expect(picture).toHaveAttribute('src', '/media/brand/logo.png');
    expect(picture).toHaveClass('h-8');
    expect(screen.getByTestId('site-logo')).toHaveAttribute('href', '/');
  });

  it('names the picture after the store when there is no logo text', async () => {
    renderLogo({ site: { logo_url: 'https://cdn.example.com/logo.svg', logo_text: '' }, store: { name: 'Kasi Market' } });
    expect(await screen.findByRole('img', { name: 'Kasi Market' })).toHaveAttribute('src', 'https://cdn.example.com/logo.svg');
  });

  it('shows the logo text without a picture', async () => {
    renderLogo({ site: { logo_url: null, logo_text: 'Kasi Market' } });
    expect(await screen.findByText('Kasi Market')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
