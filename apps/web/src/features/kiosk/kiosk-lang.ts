import { browserLang, type Lang, resolveLang } from '@pvstar/contract/lang';

/** The public page's path: `/public/plant/<token>`; the token, or null on any other path. */
export function kioskToken(pathname: string): string | null {
  const match = /^\/public\/plant\/([A-Za-z0-9_-]{1,100})\/?$/.exec(pathname);
  return match ? match[1]! : null;
}

/**
 * The visitor's language: `?lang=` of the link, else a language chosen in this browser before (the
 * portal's setting), else the browser's first language we speak, else the default.
 */
export function kioskLang(search: string, stored: string | null, preferred: readonly string[]): Lang {
  const asked = new URLSearchParams(search).get('lang');
  if (asked) return resolveLang(asked);
  if (stored) return resolveLang(stored);
  return browserLang(preferred);
}
