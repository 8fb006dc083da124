import type { ReactElement } from 'react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { publicSettingsQueryOptions } from '@/lib/public-settings';
import { FIELDS_REFUSED } from '@/features/admin/lib/use-settings-save';
import { storeSession } from '@/test/auth';
import { publicSettings } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

/**
 * What the admin settings pages' tests share (general, advanced, branding, tracking): the API
 * keeping a page's settings in memory, the page rendered for a signed-in admin, the error and hint
 * read under an input, and the checks every settings page passes alike: its heading and panels, a
 * save the server refuses, the button held while saving, and a failed load retried.
 */

type User = ReturnType<typeof userEvent.setup>;

function describedBy(input: HTMLElement, suffix: '-error' | '-hint'): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const id = ids.find((candidate) => candidate.endsWith(suffix));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** The error message shown under an input (its aria-describedby's `-error` element). */
export function errorUnder(input: HTMLElement): string | null {
  return describedBy(input, '-error');
}

/** The hint shown under an input. */
export function hintUnder(input: HTMLElement): string | null {
  return describedBy(input, '-hint');
}

/** Types `value` over what the input holds (empty leaves it empty). */
export async function replace(user: User, input: HTMLElement, value: string) {
  await user.clear(input);
  if (value !== '') await user.type(input, value);
}

/** A save's 400, the fields refused as the API names them. */
export function refusal(message: string, fields: Record<string, string>, code = 'validation'): Response {
  return HttpResponse.json({ error: { code, message, fields } }, { status: 400 });
}

/**
 * Clicks "Save settings": the summary above the form says the server refused fields, with the
 * refusals no input shows (`others`), after one PUT.
 */
export async function saveRefused(user: User, put: readonly unknown[], ...others: string[]) {
  await user.click(await screen.findByRole('button', { name: 'Save settings' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(FIELDS_REFUSED);
  for (const other of others) expect(alert).toHaveTextContent(other);
  expect(put).toHaveLength(1);
}

/** The storefront's settings, marked stale by a save, so the site reads them again. */
export async function expectPublicSettingsStale(queryClient: QueryClient) {
  await waitFor(() =>
    expect(queryClient.getQueryState(publicSettingsQueryOptions().queryKey)?.isInvalidated).toBe(true),
  );
}

interface SettingsPageSetup<TSettings extends JsonBodyType, TBody> {
  /** The page's heading, which also names its form. */
  title: string;
  /** GET and PUT /api/v1/admin/settings/<path>. */
  path: string;
  page: ReactElement;
  /** The settings the server answers unless a test says otherwise. */
  settings: TSettings;
  /** What the server keeps of a PUT body unless a test says otherwise. */
  kept: (body: TBody) => TSettings;
}

/** One settings page's test setup; `TBody` is what its PUT sends. */
export function settingsPageHarness<TSettings extends JsonBodyType, TBody = TSettings>({
  title,
  path,
  page,
  settings,
  kept,
}: SettingsPageSetup<TSettings, TBody>) {
  const url = `*/api/v1/admin/settings/${path}`;

  /** The settings as the server keeps them; records each PUT body. */
  function serveSettings(initial: TSettings = settings, answer?: (body: TBody) => Response | TSettings) {
    let current = initial;
    const put: TBody[] = [];
    server.use(
      http.get(url, () => HttpResponse.json(current)),
      http.put(url, async ({ request }) => {
        const body = (await request.json()) as TBody;
        put.push(body);
        const result = answer?.(body) ?? kept(body);
        if (result instanceof Response) return result;
        current = result;
        return HttpResponse.json(result);
      }),
    );
    return { put };
  }

  /** The page, for a signed-in admin, with a fresh QueryClient. */
  function renderPage() {
    storeSession();
    return renderWithQueryClient(page);
  }

  /** The page, with the storefront's settings already read (a save should mark them stale). */
  function renderWithPublicSettings() {
    const rendered = renderPage();
    rendered.queryClient.setQueryData(publicSettingsQueryOptions().queryKey, publicSettings());
    return rendered;
  }

  /** The loaded form, under the page's heading, with a heading for each of `panels`. */
  async function findForm(panels: readonly string[] = []): Promise<HTMLElement> {
    const form = await screen.findByRole('form', { name: title });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    for (const panel of panels) {
      expect(within(form).getByRole('heading', { level: 2, name: panel })).toBeInTheDocument();
    }
    return form;
  }

  /** A save held until the server answers: the button stays off meanwhile, then "Settings saved". */
  async function expectButtonOffWhileSaving() {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(url, () => HttpResponse.json(settings)),
      http.put(url, async () => {
        await held;
        return HttpResponse.json(settings);
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled());
    release();
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  }

  /**
   * The load refused (403 "Admins only"): a skeleton first, then the error with a retry, which
   * loads the settings; the test then checks the form.
   */
  async function failLoadThenRetry() {
    let fail = true;
    server.use(
      http.get(url, () =>
        fail
          ? HttpResponse.json({ error: { code: 'forbidden', message: 'Admins only' } }, { status: 403 })
          : HttpResponse.json(settings),
      ),
    );
    renderPage();
    expect(screen.getByTestId('area-skeleton')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This could not be loaded');
    expect(alert).toHaveTextContent('Admins only');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
  }

  return {
    serveSettings,
    renderPage,
    renderWithPublicSettings,
    findForm,
    expectButtonOffWhileSaving,
    failLoadThenRetry,
  };
}
