'use client';

import { Moon, Sun } from 'lucide-react';
import { DeferredPopup, type TriggerProps } from '@/components/ui/deferred-popup';
import { THEME_OPTIONS } from '@/lib/theme/theme-options';
import { useTheme } from '@/lib/theme/use-theme';
import { useMounted } from '@/lib/use-mounted';

// The menu (Radix) is loaded when first used; see DeferredPopup.
const loadThemeMenuPopup = () => import('@/components/layout/theme-menu-popup').then((m) => m.ThemeMenuPopup);

/** The header's theme switch: light, dark or the system's (SPEC §4 "Theme"). */
export function ThemeMenu() {
  const { preference, resolved } = useTheme();
  // Disabled until hydrated: a tap on the exported HTML's button would otherwise do nothing.
  const mounted = useMounted();
  const TriggerIcon = resolved === 'dark' ? Moon : Sun;
  const current = THEME_OPTIONS.find((option) => option.value === preference)?.label ?? 'System';
  const trigger: TriggerProps = {
    className:
      'inline-flex size-9 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 data-[state=open]:bg-neutral-100',
    'aria-label': `Theme: ${current}`,
    'data-testid': 'theme-menu-trigger',
    disabled: !mounted,
  };
  const icon = <TriggerIcon aria-hidden="true" className="size-5" />;

  return (
    <DeferredPopup load={loadThemeMenuPopup} props={{ trigger, icon }} trigger={trigger} haspopup="menu">
      {icon}
    </DeferredPopup>
  );
}
