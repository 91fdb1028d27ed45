import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, message, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import type { ReactNode } from 'react';
import { useSettings } from '../stores/settings.ts';

/** Toasts last 3 s, 16 px from the top (requirements §R15.3) — for the static API and the App context. */
const MESSAGE_CONFIG = { duration: 3, top: 16 } as const;
message.config(MESSAGE_CONFIG);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/** antd (locale, size, light theme), its App context for toasts and dialogs, and react-query. */
export function Providers({ locale, children }: { locale: Locale; children: ReactNode }) {
  const size = useSettings((s) => s.size);
  return (
    <ConfigProvider
      locale={locale}
      componentSize={size === 'middle' ? 'medium' : size}
      theme={{ algorithm: theme.defaultAlgorithm, token: { colorPrimary: '#1677ff' } }}
    >
      <AntApp message={MESSAGE_CONFIG}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
