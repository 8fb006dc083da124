import { defineConfig, devices } from '@playwright/test';

// The caller starts the server (`bazaar serve`, or a stub) and sets BASE_URL; no webServer here.
// Browsers are never downloaded: Debian's Chromium is used (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:8080';

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    headless: true,
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      // The admin journeys run once, on the desktop layout the admin area is built for.
      name: 'mobile',
      testIgnore: /(admin|branding|tracking|email-templates|points-codes|marketing|home-content|import)\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7']?.userAgent,
      },
    },
  ],
});
