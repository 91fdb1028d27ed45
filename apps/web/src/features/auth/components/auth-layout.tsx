import { GlobalOutlined, SunFilled } from '@ant-design/icons';
import { LANG_LABELS } from '@pvstar/contract/lang';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../../../components/antd-scope.tsx';
import { useAppTitle } from '../../../components/app-config.ts';
import { lazyRetrying, whenIdle } from '../../../components/lazy-retrying.ts';
import { useSettings } from '../../../stores/settings.ts';

// The language menu is antd's dropdown: it loads once the form is shown and the browser idle, or as the
// pointer or the focus reaches its button, which is drawn here meanwhile.
const LanguageSwitch = lazyRetrying(() =>
  import('../../../components/language-switch.tsx').then((m) => ({ default: m.LanguageSwitch })),
);

/** The language button as antd's draws it (components/language-button.tsx), until the menu has loaded. */
function LanguageButtonPlaceholder({ onReach }: { onReach: () => void }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  return (
    <button
      type="button"
      className="pv-button"
      aria-label={`${LANG_LABELS[language]} (${t('lang.label')})`}
      onPointerEnter={onReach}
      onFocus={onReach}
      data-testid="lang-switch"
    >
      <GlobalOutlined />
      {LANG_LABELS[language]}
    </button>
  );
}

/**
 * The frame of the public pages: the app title, a card and the language switch. Drawn without antd
 * (styles.css: `pv-auth`, in the theme's colours), as the sign-in page shows it before antd has loaded
 * (decision 007).
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const appTitle = useAppTitle();
  const [menu, setMenu] = useState(false);
  useEffect(() => whenIdle(() => setMenu(true)), []);
  const placeholder = <LanguageButtonPlaceholder onReach={() => setMenu(true)} />;
  return (
    <main className="pv-auth">
      <div className="pv-auth-top">
        {menu ? (
          <AntdScope fallback={placeholder}>
            <LanguageSwitch type="default" />
          </AntdScope>
        ) : (
          placeholder
        )}
      </div>
      <div className="pv-auth-brand">
        <SunFilled />
        <h1 data-testid="app-title">{appTitle}</h1>
      </div>
      <section className="pv-auth-card">
        <h2 className="pv-auth-title">{title}</h2>
        {children}
      </section>
    </main>
  );
}
