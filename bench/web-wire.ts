/**
 * Bytes on the wire of a page's first visit: what the browser fetched (transfer sizes as the network saw
 * them, headers included, the way the server sends them: brotli), counted from the DevTools protocol's
 * network events, until the page is usable — and what it fetched in the few seconds after, when the
 * lazily loaded parts and the idle preloads arrive. Used by `npm run bench:web` (puppeteer) and the browser
 * suite's page-weight check (Playwright): both hand over a CDP session of a page with a cold cache.
 */

/** The part of a DevTools protocol session this needs (puppeteer's and Playwright's CDPSession both fit). */
export interface Cdp {
  send(method: 'Network.enable'): Promise<unknown>;
  on(event: string, listener: (params: never) => void): unknown;
}

interface Fetch {
  url: string;
  type: string;
  bytes: number;
}

/** What was fetched until the page was usable, and in the `settleMs` after. */
export interface Wire {
  untilUsable: Fetch[];
  after: Fetch[];
}

export const jsBytes = (fetches: Fetch[]) =>
  fetches.filter((f) => f.type === 'Script').reduce((s, f) => s + f.bytes, 0);

const USABLE_AT = '__pvUsableAt';

/**
 * A script to run in the page before its own (puppeteer's evaluateOnNewDocument, Playwright's
 * addInitScript): it notes the time (ms since the epoch) when `selector` first is in the document — the
 * moment React put it there, before any effect of that render could ask for more.
 */
export const markUsable = (selector: string) => `(() => {
  const seen = () => {
    if (window.${USABLE_AT} || !document.querySelector(${JSON.stringify(selector)})) return;
    window.${USABLE_AT} = performance.timeOrigin + performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** For waitForFunction (a function: the app's CSP forbids evaluating strings): the time markUsable noted. */
export const usableAt = () => (globalThis as { __pvUsableAt?: number }).__pvUsableAt;

/**
 * Opens the page (`open`, e.g. page.goto) with the network watched, waits until it is usable (`usable`:
 * resolves to the time markUsable noted), then `settleMs` more. A fetch counts by when it was asked for:
 * one asked before the page was usable counts before, even if it finished after.
 */
export async function measureWire(
  cdp: Cdp,
  open: () => Promise<unknown>,
  usable: () => Promise<number>,
  settleMs = 3_000,
): Promise<Wire> {
  const asked = new Map<string, { url: string; type: string; at: number }>();
  const finished = new Map<string, number>();
  cdp.on(
    'Network.requestWillBeSent',
    (e: { requestId: string; request: { url: string }; type?: string; wallTime: number }) => {
      asked.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', at: e.wallTime * 1000 });
    },
  );
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    finished.set(e.requestId, e.encodedDataLength);
  });
  await cdp.send('Network.enable');
  await open();
  const at = await usable();
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const wire: Wire = { untilUsable: [], after: [] };
  for (const [id, f] of asked) {
    const bytes = finished.get(id);
    if (bytes !== undefined)
      (f.at <= at ? wire.untilUsable : wire.after).push({ url: f.url, type: f.type, bytes });
  }
  return wire;
}
