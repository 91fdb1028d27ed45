import { browserLang, resolveLang } from '@pvstar/contract/lang';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router.tsx';
import { loadUiLocale } from './app/locales.ts';
import { preload } from './app/pages.ts';
import { Providers } from './app/providers.tsx';
import { installRouter } from './app/router.tsx';
import { lazyRetrying } from './components/lazy-retrying.ts';
import { kioskLang, kioskToken } from './features/kiosk/kiosk-lang.ts';
import './app/styles.css';
import { initI18n, loadPageTexts, withPageTexts } from './i18n/index.ts';
import { useSettings } from './stores/settings.ts';

/** The public plant page (`/public/plant/<token>`, served by the server): its own view, no session, no router. */
const KioskPage = lazyRetrying(withPageTexts(() => import('./features/kiosk/kiosk-page.tsx')));

async function startKiosk(token: string) {
  const lang = kioskLang(window.location.search, localStorage.getItem('language'), navigator.languages ?? []);
  const [, locale] = await Promise.all([initI18n(lang), loadUiLocale(lang)]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers locale={locale}>
        <Suspense fallback={null}>
          <KioskPage token={token} lang={lang} />
        </Suspense>
      </Providers>
    </StrictMode>,
  );
}

async function start() {
  const token = kioskToken(window.location.pathname);
  if (token !== null) return startKiosk(token);
  // The first visit speaks the browser's language, kept from then on; a language chosen before stays.
  const firstVisit = localStorage.getItem('language') === null;
  const lang = firstVisit
    ? browserLang(navigator.languages ?? [navigator.language])
    : resolveLang(useSettings.getState().language);
  if (firstVisit || lang !== useSettings.getState().language) useSettings.getState().setLanguage(lang);
  const [, locale] = await Promise.all([initI18n(lang), loadUiLocale(lang)]);
  installRouter(null);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers locale={locale}>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
  // The other pages' texts, in the background once the first render is done, so that going to another
  // page does not wait for them (the first page does not: the dashboard and sign-in need only the core).
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1_000));
  idle(() => preload(() => loadPageTexts(lang)), { timeout: 3_000 });
}

void start();
