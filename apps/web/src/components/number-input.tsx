import { InputNumber, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';

const separators = new Map<string, string>();

/** The decimal separator of a language ("," in German, "." in English), from the browser's Intl data. */
export function decimalSeparator(lang: string): string {
  let sep = separators.get(lang);
  if (sep === undefined) {
    sep = new Intl.NumberFormat(lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    separators.set(lang, sep);
  }
  return sep;
}

/**
 * The app's one number input: antd's InputNumber writing and reading decimals as the user's language does
 * (287,5 in German, 287.5 in English). The form value stays a JS number. A typed "." is read as the
 * decimal point too, so a value pasted from elsewhere is not lost.
 */
export function NumberInput(props: Omit<InputNumberProps<number>, 'decimalSeparator'>) {
  const { i18n } = useTranslation();
  return <InputNumber<number> {...props} decimalSeparator={decimalSeparator(i18n.language || 'de-DE')} />;
}
