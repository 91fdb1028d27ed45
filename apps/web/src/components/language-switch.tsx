import { GlobalOutlined } from '@ant-design/icons';
import { LANG_LABELS, LANGS } from '@pvstar/contract/lang';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../stores/settings.ts';

/** Picks one of the 8 languages; the choice is persisted and the page reloads (SPEC §4). */
export function LanguageSwitch({ type = 'text', compact }: { type?: 'text' | 'default'; compact?: boolean }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGS.map((lang) => ({
          key: lang,
          label: <span data-testid={`lang-${lang}`}>{LANG_LABELS[lang]}</span>,
        })),
        onClick: ({ key }) => {
          if (key === language) return;
          useSettings.getState().setLanguage(key as (typeof LANGS)[number]);
          window.location.reload();
        },
      }}
    >
      <Button type={type} icon={<GlobalOutlined />} aria-label={t('lang.label')} data-testid="lang-switch">
        {!compact && LANG_LABELS[language]}
      </Button>
    </Dropdown>
  );
}
