import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';

NProgress.configure({ showSpinner: false, trickleSpeed: 150, minimum: 0.15 });

/** Work in progress (a navigation, a page chunk loading); the bar shows while any is pending. */
let pending = 0;
export function progressStart() {
  pending += 1;
  if (pending === 1) NProgress.start();
}
export function progressDone() {
  pending = Math.max(0, pending - 1);
  if (pending === 0) NProgress.done();
}

/** Suspense fallback for a lazily loaded page: the progress bar, no spinner (requirements §R2.4). */
export function PageLoading() {
  useEffect(() => {
    progressStart();
    return progressDone;
  }, []);
  return null;
}
