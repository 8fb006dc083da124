import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { Providers } from '@/app/providers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'bazaar', template: '%s | bazaar' },
  description: 'Shop products from South African stores, priced in rand with VAT included.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#065f46',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-ZA">
      <body className="flex min-h-screen flex-col">
        <Providers>
          <SiteHeader />
          <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10">{children}</main>
          <SiteFooter />
        </Providers>
      </body>
    </html>
  );
}
