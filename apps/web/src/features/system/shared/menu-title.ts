import type { i18n as I18n } from 'i18next';

/** A menu row's title: the `menu` catalogue entry of its keyword when there is one, else its stored name. */
export function menuTitle(i18n: I18n, row: { keyword: string | null; name: string }): string {
  return row.keyword && i18n.exists(`menu:${row.keyword}`) ? i18n.t(`menu:${row.keyword}`) : row.name;
}
