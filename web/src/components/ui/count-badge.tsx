import { cn } from '@/lib/cn';

/** SPEC §9: the desktop bell counts to 99+, the mobile bell (and chat) to 9+. */
export const DESKTOP_BADGE_CAP = 99;
export const MOBILE_BADGE_CAP = 9;

/** What a count badge shows: nothing for 0, the number up to `cap`, then `{cap}+`. */
export function countLabel(count: number, cap: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > cap ? `${cap}+` : String(Math.floor(count));
}

/**
 * A small count on the corner of an icon button. Decorative: the button's own label carries the
 * number for assistive technology.
 */
export function CountBadge({ count, cap, className }: { count: number; cap: number; className?: string }) {
  const label = countLabel(count, cap);
  if (label === null) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="count-badge"
      className={cn(
        'pointer-events-none absolute -top-1.5 left-2.5 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-sale px-1 text-[10px] leading-none font-semibold text-white tabular-nums ring-2 ring-white',
        className,
      )}
    >
      {label}
    </span>
  );
}
