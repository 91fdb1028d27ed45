import { browserLang, type Lang, resolveLang } from '@pvstar/contract/lang';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router.tsx';
import { preload } from './app/pages.ts';
import { queryClient } from './app/query-client.ts';
import { installRouter } from './app/router.tsx';
import { AntdScope, loadAntd, setAntdProviders } from './components/antd-scope.tsx';
import { lazyRetrying } from './components/lazy-retrying.ts';
import { kioskLang, kioskToken } from './features/kiosk/kiosk-lang.ts';
import './app/styles.css';
import { initI18n, withTexts } from './i18n/index.ts';
import { useSettings } from './stores/settings.ts';

/** The public plant page (`/public/plant/<token>`, served by the server): its own view, no session, no router. */
const loadKiosk = withTexts(['share'], () => import('./features/kiosk/kiosk-page.tsx'));
const KioskPage = lazyRetrying(loadKiosk);

/**
 * antd's providers with the language's antd and dayjs texts, for every view that shows antd (AntdScope):
 * out of the entry, so that the sign-in page loads no antd (decision 007).
 */
function provideAntd(lang: Lang) {
  setAntdProviders(async () => {
    const [{ Providers }, { loadUiLocale }] = await Promise.all([
      import('./app/providers.tsx'),
      import('./app/locales.ts'),
    ]);
    const locale = await loadUiLocale(lang);
    return ({ children }: { children: ReactNode }) => <Providers locale={locale}>{children}</Providers>;
  });
}

async function startKiosk(token: string) {
  const lang = kioskLang(window.location.search, localStorage.getItem('language'), navigator.languages ?? []);
  provideAntd(lang);
  await initI18n(lang);
  // The page's code and antd's providers at once, not one after the other.
  preload(loadAntd);
  preload(loadKiosk);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AntdScope>
          <KioskPage token={token} lang={lang} />
        </AntdScope>
      </QueryClientProvider>
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
  provideAntd(lang);
  await initI18n(lang);
  installRouter(null);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
