import type { Metadata, Viewport } from 'next';
import { Activity, type ReactNode } from 'react';
import { BrandTheme } from '@/components/layout/brand-theme';
import { MaintenanceGate } from '@/components/layout/maintenance-gate';
import { MobileBottomBar } from '@/components/layout/mobile-bottom-bar';
import { PageViews } from '@/components/layout/page-views';
import { ScrollReset, ScrollToTopButton } from '@/components/layout/scroll-to-top';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { Providers } from '@/app/providers';
import { CartLink } from '@/features/cart/components/cart-link';
import { ConsentRoot } from '@/features/consent/components/consent-root';
import { CartSync } from '@/features/cart/components/cart-sync';
import { ChatBarButton, ChatButton } from '@/features/chat/components/chat-button';
import { ChatLive } from '@/features/chat/components/chat-live';
import { PointsButton } from '@/features/points/components/points-button';
import { TestPaymentsBanner } from '@/features/payments/components/test-payments-banner';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationsLive } from '@/features/notifications/components/notifications-live';
import { HeaderSearch } from '@/features/search/components/header-search';
import { LiveEvents } from '@/lib/live/live-events';
import { THEME_INIT_SCRIPT } from '@/lib/theme/theme';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'bazaar', template: '%s | bazaar' },
  description: 'Shop products from South African stores, priced in rand with VAT included.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#065f46' },
    { media: '(prefers-color-scheme: dark)', color: '#0b0b0b' },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The theme script sets the class and color-scheme on <html> before React hydrates.
    <html lang="en-ZA" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
      </head>
      <body className="flex min-h-screen flex-col">
        <Providers>
          <ScrollReset />
          <BrandTheme />
          {/* In maintenance mode, everyone but admins sees the notice instead of all of this. */}
          <MaintenanceGate>
            <PageViews />
            <LiveEvents />
            <NotificationsLive />
            <ChatLive />
            <CartSync />
            <TestPaymentsBanner />
            {/*
              Each visible <Activity> is hydrated as its own unit of work that yields to the browser
              (React hydrates such boundaries at a low priority, and at once when one is used),
              instead of in one long task, so the page answers input sooner (Lighthouse's TBT).
              Unlike <Suspense>, the server never moves their HTML to the end of the document.
            */}
            <Activity>
              <SiteHeader
                search={<HeaderSearch />}
                cart={<CartLink />}
                points={<PointsButton />}
                notifications={<NotificationBell variant="header" />} />
            </Activity>
            <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
              <Activity>{children}</Activity>
            </main>
            <Activity>
              <SiteFooter />
            </Activity>
            <Activity>
              <MobileBottomBar notifications={<NotificationBell variant="bar" />} chat={<ChatBarButton />} />
            </Activity>
            <ScrollToTopButton />
            <ChatButton />
            <ConsentRoot />
          </MaintenanceGate>
        </Providers>
      </body>
    </html>
  );
}
