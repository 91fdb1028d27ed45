import type { Lang } from '@pvstar/contract/lang';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { pickerFormats } from '../components/format.ts';

/** antd's component texts and dayjs' date names for each interface language; only the chosen one loads. */
const LOCALES: Record<
  Lang,
  { antd: () => Promise<{ default: Locale }>; dayjs: () => Promise<unknown>; day: string }
> = {
  'de-DE': { antd: () => import('antd/es/locale/de_DE'), dayjs: () => import('dayjs/locale/de'), day: 'de' },
  'en-GB': {
    antd: () => import('antd/es/locale/en_GB'),
    dayjs: () => import('dayjs/locale/en-gb'),
    day: 'en-gb',
  },
  'zh-CN': {
    antd: () => import('antd/es/locale/zh_CN'),
    dayjs: () => import('dayjs/locale/zh-cn'),
    day: 'zh-cn',
  },
  'it-IT': { antd: () => import('antd/es/locale/it_IT'), dayjs: () => import('dayjs/locale/it'), day: 'it' },
  'nl-NL': { antd: () => import('antd/es/locale/nl_NL'), dayjs: () => import('dayjs/locale/nl'), day: 'nl' },
  'fr-FR': { antd: () => import('antd/es/locale/fr_FR'), dayjs: () => import('dayjs/locale/fr'), day: 'fr' },
  'es-ES': { antd: () => import('antd/es/locale/es_ES'), dayjs: () => import('dayjs/locale/es'), day: 'es' },
  'pl-PL': { antd: () => import('antd/es/locale/pl_PL'), dayjs: () => import('dayjs/locale/pl'), day: 'pl' },
};

export async function loadUiLocale(lang: Lang): Promise<Locale> {
  const entry = LOCALES[lang];
  const [antd] = await Promise.all([entry.antd(), entry.dayjs()]);
  dayjs.locale(entry.day);
  return withPickerFormats(antd.default, lang);
}

/** antd's texts with the date pickers writing a day as the lists do (antd's own default is ISO). */
function withPickerFormats(locale: Locale, lang: Lang): Locale {
  const picker = locale.DatePicker;
  if (!picker) return locale;
  return { ...locale, DatePicker: { ...picker, lang: { ...picker.lang, ...pickerFormats(lang) } } };
}
