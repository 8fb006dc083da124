import type { BrowserContext, Page } from '@playwright/test';
import { expectSignedInAtRoot, submitSignIn } from './accounts';
import { test as base, waitForHydrationOnNavigation } from './test';

/** Someone who signs in: a demo account or one a journey made. */
export type Person = { email: string; password: string; name: string };

/**
 * The journeys' `test` with `signedIn(person)`: a page in a new browser context of its own,
 * signed in as `person`, for journeys where several people act (a customer on the test's page,
 * a vendor and an admin beside them). The contexts close after the test.
 */
export const test = base.extend<{ signedIn: (person: Person) => Promise<Page> }>({
  signedIn: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (person) => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = waitForHydrationOnNavigation(await context.newPage());
      await submitSignIn(page, person);
      await expectSignedInAtRoot(page, person.name);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
