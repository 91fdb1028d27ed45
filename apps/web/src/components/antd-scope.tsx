import { type ComponentType, createContext, type ReactNode, Suspense, useContext } from 'react';
import { lazyRetrying } from './lazy-retrying.ts';

type Providers = ComponentType<{ children: ReactNode }>;

/** How antd's providers load: set once by the app at start (main.tsx), before anything renders. */
let load: (() => Promise<Providers>) | null = null;
let loading: Promise<{ default: Providers }> | null = null;

/**
 * antd's providers (theme, locale, size, toasts and dialogs) load with the first view that shows antd:
 * every page but the sign-in form, whose first load stays without antd (decision 007).
 */
export function setAntdProviders(loadProviders: () => Promise<Providers>) {
  load = loadProviders;
  loading = null;
}

/** Starts loading antd's providers, once (a failed load is asked for again next time). */
export function loadAntd(): Promise<{ default: Providers }> {
  if (!load) return Promise.reject(new Error('setAntdProviders was not called'));
  loading ??= load().then(
    (Component) => ({ default: Component }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const AntdProviders = lazyRetrying(loadAntd);

const InScope = createContext(false);

/** For views rendered inside antd's providers already (the unit tests' render): AntdScope adds none. */
export const InAntdScope = ({ children }: { children: ReactNode }) => (
  <InScope.Provider value>{children}</InScope.Provider>
);

/**
 * Shows `children` inside antd's providers (added once, however deeply nested), `fallback` while they or
 * the children's own code load.
 */
export function AntdScope({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const inScope = useContext(InScope);
  return (
    <Suspense fallback={fallback}>
      {inScope ? (
        children
      ) : (
        <AntdProviders>
          <InAntdScope>{children}</InAntdScope>
        </AntdProviders>
      )}
    </Suspense>
  );
}
