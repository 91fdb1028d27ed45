import { QueryClient } from '@tanstack/react-query';

/** The app's one react-query client: in the entry, as the sign-in page reads the public config with it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
