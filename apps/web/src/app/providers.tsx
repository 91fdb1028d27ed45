import { App as AntApp, ConfigProvider, type ThemeConfig, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import type { ReactNode } from 'react';
import { MESSAGE_CONFIG } from '../components/antd-message.ts';
import { useSettings } from '../stores/settings.ts';

/**
 * antd's light theme with colours of text that meet WCAG 2.1 AA (4.5:1, on white and on the light greys
 * of table heads and the page): antd's own blue (#1677ff, 4.1:1), its caption grey (#8c8c8c, 3.4:1) and
 * its status colours as text (green 2.3:1, gold 1.9:1, red 3.3:1) do not. The blue is antd's blue 7
 * (6.2:1, white on it too); status colours keep their bright shade where they fill (dots, bars, charts)
 * and take a darker shade of the same palette where they are words.
 */
export const THEME: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    // Under the pointer a link or text button gets lighter; antd's #579df2 (2.7:1) is too light to read.
    colorPrimaryHover: '#1668dc',
    colorLinkHover: '#1668dc',
    // Red 7: error messages, danger buttons and their white words.
    colorError: '#cf1322',
    colorSuccessText: '#237804',
    colorWarningText: '#ad4e00',
    colorErrorText: '#cf1322',
    // Captions, descriptions, empty states: #666 (5.7:1 on white, 5:1 on #f0f0f0).
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    // A placeholder reads as a hint, a shade lighter than a caption, and still 4.7:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // The ring around a field with the focus: antd's is a 10 % tint, hard to see; this one is plain.
    controlOutline: 'rgba(9, 88, 217, 0.35)',
  },
  components: {
    // A tag's words are its colour on a light tint of it: in the darker shade, on the same tint.
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
      colorInfo: '#0958d9',
      green7: '#237804',
      orange7: '#ad4e00',
      gold7: '#874d00',
      volcano7: '#ad2102',
      cyan7: '#006d75',
      lime7: '#3f6600',
      yellow7: '#876800',
    },
    // An empty table says so in the disabled grey (1.8:1): in the grey of captions.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
    // A coloured button's words (filled, outlined) are shade 6 of its colour: the status buttons' darker.
    Button: { green6: '#237804', orange6: '#ad4e00', red6: '#cf1322' },
  },
};

/**
 * antd (locale, size, light theme) and its App context for toasts and dialogs: loaded with the first view
 * that shows antd (app/antd-scope.tsx), which is every one but the sign-in form.
 */
export function Providers({ locale, children }: { locale: Locale; children: ReactNode }) {
  const size = useSettings((s) => s.size);
  return (
    <ConfigProvider locale={locale} componentSize={size === 'middle' ? 'medium' : size} theme={THEME}>
      <AntApp message={MESSAGE_CONFIG}>{children}</AntApp>
    </ConfigProvider>
  );
}
