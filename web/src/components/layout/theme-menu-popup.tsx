'use client';

import type { ReactNode } from 'react';
import type { FirstOpen, TriggerProps } from '@/components/ui/deferred-popup';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  useFirstOpenFocus,
} from '@/components/ui/dropdown-menu';
import { isThemePreference } from '@/lib/theme/theme';
import { THEME_OPTIONS } from '@/lib/theme/theme-options';
import { useSetTheme, useTheme } from '@/lib/theme/use-theme';

/** The theme menu itself, loaded by ThemeMenu on first use and mounted open. */
export function ThemeMenuPopup({ trigger, icon, firstOpen }: { trigger: TriggerProps; icon: ReactNode; firstOpen: FirstOpen }) {
  const { preference } = useTheme();
  const setTheme = useSetTheme();
  const focusFirstItem = useFirstOpenFocus(firstOpen);

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger {...trigger}>{icon}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40" onFocus={focusFirstItem}>
        <DropdownMenuLabel className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">
          Theme
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={preference}
          onValueChange={(value) => {
            if (isThemePreference(value)) setTheme(value);
          }}
        >
          {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
            <DropdownMenuRadioItem key={value} value={value}>
              <Icon aria-hidden="true" className="size-4 text-neutral-500" />
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
