import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { mediaQueryList } from './media-query.ts';

/**
 * What jsdom lacks and antd uses: media queries (responsive grid, breakpoints), element resize
 * observation (tables, overflow), and scrolling an element into view (selects, tabs).
 */
if (!window.matchMedia) window.matchMedia = (query: string) => mediaQueryList(query, false);
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
