import { InputNumber, type InputNumberProps } from 'antd';
import { useCallback } from 'react';
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

/** A plain number string ("48.137000") without the zeros ending its decimals, with the language's separator. */
function withoutTrailingZeros(value: string, separator: string): string {
  const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
  return trimmed.replace('.', separator);
}

/**
 * The app's one number input: antd's InputNumber writing and reading decimals as the user's language does
 * (287,5 in German, 287.5 in English). The form value stays a JS number. A typed "." is read as the
 * decimal point too, so a value pasted from elsewhere is not lost. With `trimZeros`, `precision` is the
 * most decimals kept and the zeros after the last digit are not shown (a coordinate reads 48,137, not
 * 48,137000); without, the value shows `precision` decimals (a parameter's resolution: 276,0).
 */
export function NumberInput({
  trimZeros,
  ...props
}: Omit<InputNumberProps<number>, 'decimalSeparator' | 'formatter'> & { trimZeros?: boolean }) {
  const { i18n } = useTranslation();
  const separator = decimalSeparator(i18n.language || 'de-DE');
  // Stable: InputNumber formats its text again whenever the formatter changes, typing included.
  const trim = useCallback(
    (value: number | string | undefined, info: { userTyping: boolean; input: string }) =>
      info.userTyping ? info.input : withoutTrailingZeros(String(value ?? ''), separator),
    [separator],
  );
  return (
    <InputNumber<number> {...props} decimalSeparator={separator} formatter={trimZeros ? trim : undefined} />
  );
}
