/**
 * A toast that survives a full page load: sign-in reloads the site (SPEC §2), so its "Signed in
 * successfully!" is kept in sessionStorage and shown by the Toaster on the next page.
 */

const FLASH_KEY = 'bazaar.flash-toast';

export interface FlashToast {
  kind: 'success' | 'info';
  title: string;
  description?: string;
}

export function setFlashToast(flash: FlashToast): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // Storage blocked: the toast is simply not shown.
  }
}

/** The pending toast, removed as it is read. */
export function takeFlashToast(): FlashToast | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    if (!raw) return null;
    window.sessionStorage.removeItem(FLASH_KEY);
    const flash = JSON.parse(raw) as Partial<FlashToast>;
    if ((flash.kind === 'success' || flash.kind === 'info') && typeof flash.title === 'string') {
      return { kind: flash.kind, title: flash.title, description: flash.description };
    }
    return null;
  } catch {
    return null;
  }
}
