/**
 * "Cookie settings" in the footer opens the consent feature's dialog. The footer is shared layout,
 * which imports no feature, so the two meet here: the consent root listens, the footer asks.
 */

type Listener = () => void;

const listeners = new Set<Listener>();

/** Opens the cookie settings dialog (nothing happens until the consent root has mounted). */
export function openCookieSettings(): void {
  listeners.forEach((listener) => listener());
}

/** Called whenever the visitor asks for the cookie settings; returns the unsubscribe. */
export function onOpenCookieSettings(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
