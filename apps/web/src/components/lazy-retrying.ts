import { lazy } from 'react';

/**
 * A loader that asks again, twice after a short wait, when the code did not arrive (a dropped or flaky
 * connection): the error page shows only when the third try fails too.
 */
export function retrying<M>(load: () => Promise<M>, waits = [500, 1_500]): () => Promise<M> {
  return () =>
    waits.reduce(
      (tried, ms) => tried.catch(() => new Promise((resume) => setTimeout(resume, ms)).then(load)),
      load(),
    );
}

/**
 * `React.lazy` whose code is asked for again when it fails to arrive: the one way the app loads code on
 * demand (a page, a tab, the header's bell), so that one dropped chunk does not end on the error page.
 */
export const lazyRetrying: typeof lazy = (load) => lazy(retrying(load));

/**
 * Runs `run` once the browser is idle (at the latest after 3 s): for code the page shown does not need yet.
 * Called from an effect, after the page has rendered, it never queues before the page's own code.
 */
export function whenIdle(run: () => void) {
  if (window.requestIdleCallback) window.requestIdleCallback(run, { timeout: 3_000 });
  else window.setTimeout(run, 1_000);
}
