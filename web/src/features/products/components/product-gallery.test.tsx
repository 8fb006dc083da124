import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductGallery } from '@/features/products/components/product-gallery';
import { mockReducedMotion } from '@/test/media';

const IMAGE = '/media/seed/products/pwr-resistance-band-set.svg';
const VIDEO = '/media/seed/products/pwr-training.mp4';

describe('ProductGallery', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows only the picture when the product has no videos', () => {
    render(<ProductGallery name="PWR Resistance Band Set" imageUrl={IMAGE} videos={[]} />);
    expect(screen.getByRole('img', { name: 'PWR Resistance Band Set' })).toHaveAttribute('src', IMAGE);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });

  it('switches between the picture and each video', async () => {
    const user = userEvent.setup();
    render(<ProductGallery name="PWR Resistance Band Set" imageUrl={IMAGE} videos={[VIDEO, '/media/two.mp4']} />);
    const list = screen.getByRole('list', { name: 'Pictures and videos of PWR Resistance Band Set' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Show the picture', 'Show video 1', 'Show video 2']);
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('video')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show video 1' }));
    const video = screen.getByTestId('product-video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', VIDEO);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');
    expect(video.muted).toBe(true);
    expect(video).toHaveAccessibleName('Video of PWR Resistance Band Set');
    // Chosen by the visitor, so it starts.
    expect(video.autoplay).toBe(true);
    expect(screen.getByRole('button', { name: 'Show video 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('img', { name: 'PWR Resistance Band Set' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show video 2' }));
    expect(screen.getByTestId('product-video')).toHaveAttribute('src', '/media/two.mp4');

    await user.click(screen.getByRole('button', { name: 'Show the picture' }));
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('img', { name: 'PWR Resistance Band Set' })).toHaveAttribute('src', IMAGE);
  });

  it('does not start a video by itself for visitors who asked for less motion', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    render(<ProductGallery name="PWR Resistance Band Set" imageUrl={IMAGE} videos={[VIDEO]} />);
    await user.click(screen.getByRole('button', { name: 'Show video 1' }));
    const video = screen.getByTestId('product-video') as HTMLVideoElement;
    expect(video.autoplay).toBe(false);
    expect(video).toHaveAttribute('controls');
  });
});
