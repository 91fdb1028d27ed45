import type { Lang } from '@pvstar/contract/lang';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { InAntdScope } from '../components/antd-scope.tsx';
import i18n, { initI18n, loadLanguage, loadPageTexts } from '../i18n/index.ts';

/**
 * Renders a component as the app would: the real i18n catalogues of `lang` (core and pages), antd's App
 * context (so that AntdScope adds none), a fresh react-query client (no retries) and a router at `route` (`null`: the component brings
 * its own, as the app's router does). Calls to the server are
 * the test's to answer (`answer` in ./server.ts), never a mock of the component's own code.
 */
export async function renderWithApp(
  ui: ReactElement,
  { lang = 'en-GB', route = '/' }: { lang?: Lang; route?: string | null } = {},
) {
  if (!i18n.isInitialized) await initI18n(lang);
  else if (i18n.language !== lang) {
    await loadLanguage(lang);
    await i18n.changeLanguage(lang);
  }
  await loadPageTexts(lang);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return {
    client,
    ...render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntApp>
          <QueryClientProvider client={client}>
            <InAntdScope>
              {route === null ? ui : <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>}
            </InAntdScope>
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>,
    ),
  };
}
