import { GlobalOutlined } from '@ant-design/icons';
import { LANG_LABELS } from '@pvstar/contract/lang';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../stores/settings.ts';

export interface LanguageButtonProps extends ButtonProps {
  compact?: boolean;
}

/**
 * The button of the language menu: the globe and the current language (only the globe when compact). Its
 * name begins with the words it shows (WCAG 2.5.3, for voice control) and says what it is for.
 */
export function LanguageButton({ type = 'text', compact, ...props }: LanguageButtonProps) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const name = compact ? t('lang.label') : `${LANG_LABELS[language]} (${t('lang.label')})`;
  return (
    <Button type={type} icon={<GlobalOutlined />} aria-label={name} {...props}>
      {!compact && LANG_LABELS[language]}
    </Button>
  );
}
