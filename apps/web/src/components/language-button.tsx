import { GlobalOutlined } from '@ant-design/icons';
import { LANG_LABELS } from '@pvstar/contract/lang';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../stores/settings.ts';

export interface LanguageButtonProps extends ButtonProps {
  compact?: boolean;
}

/** The button of the language menu: the globe and the current language (only the globe when compact). */
export function LanguageButton({ type = 'text', compact, ...props }: LanguageButtonProps) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  return (
    <Button type={type} icon={<GlobalOutlined />} aria-label={t('lang.label')} {...props}>
      {!compact && LANG_LABELS[language]}
    </Button>
  );
}
