import { NECESSARY_ONLY, type ConsentCategory, type ConsentChoice } from '@/features/consent/lib/consent';
import { conversionCalls, type TagCall } from '@/features/consent/lib/conversion-calls';
import { HOTJAR_SNIPPET_VERSION, scriptUrls } from '@/features/consent/lib/script-urls';
import { TOOL_CATEGORY, type ToolName } from '@/features/consent/lib/tools';
import { clearTrackingCookies } from '@/features/consent/lib/tracking-cookies';
import { setConversionSink } from '@/lib/tracking/conversions';
import type { PublicTracking } from '@/lib/public-settings';

/**
 * Loads the third-party tools a visitor accepted, with each vendor's standard snippet written out
 * (the Google tag with Consent Mode v2, Hotjar's loader, the Meta Pixel's), and routes the
 * conversions to them. Imported only once some tool may load, so none of this is in the first
 * load. A script cannot be unloaded: withdrawing tells the tools to stop, clears their cookies,
 * and reports whether the page must be reloaded to be rid of them.
 */

type Gtag = (...args: unknown[]) => void;

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
  /** Set before init: no PageView on history changes (the Pixel sends them by default). */
  disablePushState?: boolean;
};

type Hotjar = ((...args: unknown[]) => void) & { q?: unknown[] };

interface TagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  fbq?: Fbq;
  _fbq?: Fbq;
  hj?: Hotjar;
  _hjSettings?: { hjid: number; hjsv: number };
  /** GA's documented switch that stops a measurement id from sending anything. */
  [disable: `ga-disable-${string}`]: boolean | undefined;
}

/** What has been set up in this page (a script stays once added). */
const done = new Set<string>();
const loadedCategories = new Set<ConsentCategory>();
const measurementIds = new Set<string>();

function tagWindow(): TagWindow {
  return window as unknown as TagWindow;
}

function once(key: string, run: () => void) {
  if (done.has(key)) return;
  done.add(key);
  run();
}

/** Consent Mode v2's four signals for a choice. */
function consentModeState(choice: ConsentChoice) {
  const analytics = choice.analytics ? 'granted' : 'denied';
  const marketing = choice.marketing ? 'granted' : 'denied';
  return { analytics_storage: analytics, ad_storage: marketing, ad_user_data: marketing, ad_personalization: marketing };
}

/** The Google tag's command queue, with everything denied until the choice is applied. */
function installGtag(w: TagWindow): Gtag {
  if (w.gtag) return w.gtag;
  const dataLayer = (w.dataLayer ??= []);
  // The Google tag reads the queue's entries as `arguments` objects, as its snippet pushes them.
  w.gtag = function gtag() {
    dataLayer.push(arguments);
  };
  w.gtag('consent', 'default', consentModeState(NECESSARY_ONLY));
  w.gtag('js', new Date());
  return w.gtag;
}

/** The Meta Pixel's snippet: a queue that fbevents.js takes over. */
function installFbq(w: TagWindow): Fbq {
  if (w.fbq) return w.fbq;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  w.fbq = fbq;
  w._fbq ??= fbq;
  return fbq;
}

/** Hotjar's snippet: its queue and settings (the script is added with the others). */
function installHotjar(w: TagWindow, siteId: string) {
  w.hj ??= (...args: unknown[]) => {
    (w.hj!.q ??= []).push(args);
  };
  w._hjSettings = { hjid: Number(siteId), hjsv: HOTJAR_SNIPPET_VERSION };
}

function addScript(url: string) {
  if (document.querySelector(`script[src="${CSS.escape(url)}"]`)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = url;
  document.head.appendChild(script);
}

function run(w: TagWindow, calls: readonly TagCall[]) {
  for (const { tool, args } of calls) w[tool]?.(...args);
}

/**
 * Starts the allowed tools (those of `tools` not null), each once per page, and sends conversions
 * to them from now on. `choice` is the visitor's, for Consent Mode.
 */
export function loadTools(tools: PublicTracking, choice: ConsentChoice, currency: string): void {
  const w = tagWindow();
  const { ga4, google_ads: ads, hotjar, meta_pixel: pixel } = tools;
  if (ga4 || ads) {
    const gtag = installGtag(w);
    gtag('consent', 'update', consentModeState(choice));
    if (ga4) {
      measurementIds.add(ga4.measurement_id);
      w[`ga-disable-${ga4.measurement_id}`] = false;
      once(`ga4:${ga4.measurement_id}`, () =>
        gtag('config', ga4.measurement_id, { anonymize_ip: ga4.anonymize_ip, send_page_view: ga4.send_page_view }),
      );
    }
    if (ads) once(`ads:${ads.conversion_id}`, () => gtag('config', ads.conversion_id));
  }
  if (hotjar) once(`hotjar:${hotjar.site_id}`, () => installHotjar(w, hotjar.site_id));
  if (pixel) {
    const fbq = installFbq(w);
    once(`pixel:${pixel.pixel_id}`, () => {
      if (!pixel.track_page_view) fbq.disablePushState = true;
      fbq('init', pixel.pixel_id);
      if (pixel.track_page_view) fbq('track', 'PageView');
    });
  }
  scriptUrls(tools).forEach(addScript);
  (Object.keys(tools) as ToolName[]).forEach((name) => {
    if (tools[name]) loadedCategories.add(TOOL_CATEGORY[name]);
  });
  setConversionSink((conversion) => run(w, conversionCalls(conversion, tools, currency)));
}

/**
 * The visitor turned `off` categories off: their tools are told to stop (Consent Mode denied,
 * GA's disable switch, the Pixel's revoke) and their cookies cleared. True when a tool of them
 * was loaded in this page, which only a reload is sure to silence (Hotjar has no off switch).
 */
export function withdraw(off: readonly ConsentCategory[]): boolean {
  const w = tagWindow();
  const denied = consentModeState(NECESSARY_ONLY);
  if (off.includes('analytics')) {
    w.gtag?.('consent', 'update', { analytics_storage: denied.analytics_storage });
    measurementIds.forEach((id) => (w[`ga-disable-${id}`] = true));
  }
  if (off.includes('marketing')) {
    const { ad_storage, ad_user_data, ad_personalization } = denied;
    w.gtag?.('consent', 'update', { ad_storage, ad_user_data, ad_personalization });
    w.fbq?.('consent', 'revoke');
  }
  clearTrackingCookies(off);
  return off.some((category) => loadedCategories.has(category));
}
