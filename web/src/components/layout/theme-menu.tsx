'use client';

import { Moon, Sun } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { isThemePreference } from '@/lib/theme/theme';
import { THEME_OPTIONS } from '@/lib/theme/theme-options';
import { useSetTheme, useTheme } from '@/lib/theme/use-theme';
import { useMounted } from '@/lib/use-mounted';

/** The header's theme switch: light, dark or the system's (SPEC §4 "Theme"). */
export function ThemeMenu() {
  const { preference, resolved } = useTheme();
  const setTheme = useSetTheme();
  // Disabled until hydrated: a tap on the exported HTML's button would otherwise do nothing.
  const mounted = useMounted();
  const TriggerIcon = resolved === 'dark' ? Moon : Sun;
  const current = THEME_OPTIONS.find((option) => option.value === preference)?.label ?? 'System';

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 data-[state=open]:bg-neutral-100"
        aria-label={`Theme: ${current}`}
        data-testid="theme-menu-trigger"
        disabled={!mounted}
      >
        <TriggerIcon aria-hidden="true" className="size-5" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40">
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
