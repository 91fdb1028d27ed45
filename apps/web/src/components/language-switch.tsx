import { LANG_LABELS, LANGS } from '@pvstar/contract/lang';
import { Dropdown } from 'antd';
import { useSettings } from '../stores/settings.ts';
import { LanguageButton, type LanguageButtonProps } from './language-button.tsx';

/** Picks one of the 8 languages; the choice is persisted and the page reloads (requirements §R3.7). */
export function LanguageSwitch(props: Pick<LanguageButtonProps, 'type' | 'compact'>) {
  const language = useSettings((s) => s.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGS.map((lang) => ({
          key: lang,
          // Each language's name in itself, marked as such for screen readers.
          label: (
            <span lang={lang} data-testid={`lang-${lang}`}>
              {LANG_LABELS[lang]}
            </span>
          ),
        })),
        onClick: ({ key }) => {
          if (key === language) return;
          useSettings.getState().setLanguage(key as (typeof LANGS)[number]);
          window.location.reload();
        },
      }}
    >
      <LanguageButton {...props} data-testid="lang-switch" />
    </Dropdown>
  );
}
