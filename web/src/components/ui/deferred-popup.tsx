'use client';

import { useState, type ButtonHTMLAttributes, type ComponentType, type ReactNode } from 'react';

/** How the visitor first opened a deferred popup. */
export interface FirstOpen {
  /**
   * Opened from the keyboard: a menu then puts focus on its first item, as Radix does when a key
   * opens it (its own keyboard tracking was not mounted yet to see that key).
   */
  keyboard: boolean;
}

/** What the popup component gets: the caller's props, plus how it was first opened. */
export type DeferredPopupComponent<P> = ComponentType<P & { firstOpen: FirstOpen }>;

/** The trigger's look and name; the popup renders its own trigger with the same props. */
export type TriggerProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'> & {
  'data-testid'?: string;
};

/**
 * A menu or popover whose code (Radix and what it shows) is loaded on first use instead of with
 * the page, keeping it out of the first-load JavaScript. Until then it is a plain button that
 * looks and is named like the popup's trigger; hovering or focusing it starts the download, and
 * a click (or ArrowDown, for menus) loads the popup and mounts it already open. From then on the
 * loaded component is the control.
 */
export function DeferredPopup<P extends object>({
  load,
  props,
  trigger,
  haspopup,
  children,
}: {
  /** Imports the popup component (`() => import('…').then((m) => m.Popup)`). */
  load: () => Promise<DeferredPopupComponent<P>>;
  /** Passed to the popup component. */
  props: P;
  trigger: TriggerProps;
  haspopup: 'menu' | 'dialog';
  /** The trigger's content (icon, badge, label). */
  children: ReactNode;
}) {
  const [loaded, setLoaded] = useState<{ Popup: DeferredPopupComponent<P>; firstOpen: FirstOpen } | null>(null);
  const [pending, setPending] = useState(false);

  if (loaded) {
    const { Popup, firstOpen } = loaded;
    return <Popup {...props} firstOpen={firstOpen} />;
  }

  const preload = () => {
    // A failed download is reported by the click that needs it.
    load().catch(() => undefined);
  };
  const open = (keyboard: boolean) => {
    if (pending) return;
    setPending(true);
    load().then(
      (Popup) => setLoaded({ Popup, firstOpen: { keyboard } }),
      // Offline, or a new deployment removed the chunk: the button stays, and a later click retries.
      () => setPending(false),
    );
  };

  return (
    <button
      type="button"
      {...trigger}
      aria-haspopup={haspopup}
      aria-expanded={false}
      aria-busy={pending || undefined}
      data-state="closed"
      onPointerEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
      // `detail` counts pointer clicks; a click made with Enter or Space has none.
      onClick={(event) => open(event.detail === 0)}
      onKeyDown={(event) => {
        if (haspopup === 'menu' && event.key === 'ArrowDown') {
          event.preventDefault();
          open(true);
        }
      }}
    >
      {children}
    </button>
  );
}
