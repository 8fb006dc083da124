'use client';

import { cn } from '@/lib/cn';
import { THEME_OPTIONS } from '@/lib/theme/theme-options';
import { useSetTheme, useTheme } from '@/lib/theme/use-theme';

/** Light, dark or system as three radio cards; the choice applies at once (and syncs when signed in). */
export function ThemeChoice() {
  const { preference } = useTheme();
  const setTheme = useSetTheme();
  return (
    <fieldset>
      <legend className="sr-only">Theme</legend>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {THEME_OPTIONS.map(({ value, label, icon: Icon }) => {
          const checked = preference === value;
          return (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-2 rounded-lg border px-3 py-4 text-sm font-medium',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                checked
                  ? 'border-brand-700 bg-brand-50 text-brand-800'
                  : 'border-neutral-300 text-neutral-700 hover:border-neutral-400',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={checked}
                onChange={() => setTheme(value)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
