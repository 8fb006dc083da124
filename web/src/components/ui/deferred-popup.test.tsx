import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeferredPopup, type DeferredPopupComponent, type FirstOpen } from '@/components/ui/deferred-popup';

/** Stands in for a lazily loaded menu: says how it was opened and shows the caller's prop. */
const Popup: DeferredPopupComponent<{ word: string }> = ({ word, firstOpen }: { word: string; firstOpen: FirstOpen }) => (
  <div role="menu" aria-label="Loaded menu" data-keyboard={String(firstOpen.keyboard)}>
    {word}
  </div>
);

function renderDeferred(load: () => Promise<typeof Popup>, haspopup: 'menu' | 'dialog' = 'menu') {
  return render(
    <DeferredPopup
      load={load}
      props={{ word: 'hello' }}
      trigger={{ 'aria-label': 'Open things', className: 'trigger', 'data-testid': 'things' }}
      haspopup={haspopup}
    >
      <span>icon</span>
    </DeferredPopup>,
  );
}

describe('DeferredPopup', () => {
  it('is a closed trigger that loads nothing until it is used', () => {
    const load = vi.fn(() => Promise.resolve(Popup));
    renderDeferred(load);
    const trigger = screen.getByRole('button', { name: 'Open things' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('data-testid', 'things');
    expect(trigger).toHaveClass('trigger');
    expect(trigger).toHaveTextContent('icon');
    expect(load).not.toHaveBeenCalled();
  });

  it('starts the download on hover without opening', async () => {
    const load = vi.fn(() => Promise.resolve(Popup));
    renderDeferred(load);
    await userEvent.setup().hover(screen.getByRole('button', { name: 'Open things' }));
    expect(load).toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('mounts the loaded popup, open, on a click, with the caller’s props', async () => {
    renderDeferred(() => Promise.resolve(Popup));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open things' }));
    const menu = await screen.findByRole('menu', { name: 'Loaded menu' });
    expect(menu).toHaveTextContent('hello');
    expect(menu).toHaveAttribute('data-keyboard', 'false');
    expect(screen.queryByRole('button', { name: 'Open things' })).not.toBeInTheDocument();
  });

  it.each([['{Enter}'], ['{ArrowDown}']])('tells the popup it was opened from the keyboard (%s)', async (key) => {
    renderDeferred(() => Promise.resolve(Popup));
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Open things' })).toHaveFocus();
    await user.keyboard(key);
    expect(await screen.findByRole('menu')).toHaveAttribute('data-keyboard', 'true');
  });

  it('opens a dialog trigger with Enter but not with ArrowDown', async () => {
    const load = vi.fn(() => Promise.resolve(Popup));
    renderDeferred(load, 'dialog');
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    // Focus alone preloads; only Enter opens.
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('keeps the trigger when the download fails, and a later click tries again', async () => {
    let offline = true;
    renderDeferred(() => (offline ? Promise.reject(new Error('ChunkLoadError')) : Promise.resolve(Popup)));
    const user = userEvent.setup();
    const trigger = screen.getByRole('button', { name: 'Open things' });
    await user.click(trigger);
    await waitFor(() => expect(trigger).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    offline = false;
    await user.click(trigger);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });
});
