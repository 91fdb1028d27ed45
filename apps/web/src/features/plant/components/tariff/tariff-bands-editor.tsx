import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { BAND_DAYS, type BandDays, type TariffBand } from '@pvstar/contract/tariff';
import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../../components/number-input.tsx';

const DAYS_LABEL: Record<BandDays, string> = {
  ALL: 'tariff:band.ALL',
  WEEKDAY: 'tariff:band.WEEKDAY',
  WEEKEND: 'tariff:band.WEEKEND',
};

/** A new band: weekdays 07:00–20:00 all year, at no price yet. */
export const NEW_BAND: TariffBand = {
  fromMonth: 1,
  toMonth: 12,
  days: 'WEEKDAY',
  fromHour: 7,
  toHour: 20,
  price: 0,
};

/** The months' names in the language, January first. */
function monthOptions(lang: string) {
  const f = new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: f.format(Date.UTC(2026, i, 1)) }));
}

export interface BandsEditorProps {
  value?: TariffBand[];
  onChange?: (bands: TariffBand[]) => void;
  currency: string;
  /** Server errors by band index (`bands[1]`, `bands[1].toHour`). */
  errors?: Record<number, string>;
}

/**
 * The time-of-use bands of a period, as a form field: each band a season (months from–to, October to
 * March wraps), the days (every day, weekdays, weekend), local hours [from, to) and a price per kWh.
 * Where no band applies, the period's own price.
 */
export function TariffBandsEditor({ value = [], onChange, currency, errors = {} }: BandsEditorProps) {
  const { t, i18n } = useTranslation();
  const months = monthOptions(i18n.language);
  const set = (i: number, patch: Partial<TariffBand>) =>
    onChange?.(value.map((b, k) => (k === i ? { ...b, ...patch } : b)));
  return (
    <Flex vertical gap={8} data-testid="tariff-bands">
      {value.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: bands have no identity but their place in the list
        <Flex key={i} vertical gap={2} data-testid={`tariff-band-${i}`}>
          <Flex gap={6} wrap align="center">
            <Select
              size="small"
              value={b.fromMonth}
              options={months}
              onChange={(v) => set(i, { fromMonth: v })}
              aria-label={t('tariff:band.fromMonth')}
              style={{ width: 120 }}
            />
            <span>–</span>
            <Select
              size="small"
              value={b.toMonth}
              options={months}
              onChange={(v) => set(i, { toMonth: v })}
              aria-label={t('tariff:band.toMonth')}
              style={{ width: 120 }}
            />
            <Select
              size="small"
              value={b.days}
              options={BAND_DAYS.map((d) => ({ value: d, label: t(DAYS_LABEL[d]) }))}
              onChange={(v) => set(i, { days: v })}
              aria-label={t('tariff:band.days')}
              style={{ width: 140 }}
              data-testid={`tariff-band-days-${i}`}
            />
            <NumberInput
              size="small"
              min={0}
              max={23}
              precision={0}
              value={b.fromHour}
              onChange={(v) => set(i, { fromHour: v ?? 0 })}
              aria-label={t('tariff:band.fromHour')}
              suffix={t('tariff:band.hour')}
              style={{ width: 90 }}
              data-testid={`tariff-band-from-${i}`}
            />
            <span>–</span>
            <NumberInput
              size="small"
              min={1}
              max={24}
              precision={0}
              value={b.toHour}
              onChange={(v) => set(i, { toHour: v ?? 24 })}
              aria-label={t('tariff:band.toHour')}
              suffix={t('tariff:band.hour')}
              style={{ width: 90 }}
              data-testid={`tariff-band-to-${i}`}
            />
            <NumberInput
              size="small"
              step={0.01}
              value={b.price}
              onChange={(v) => set(i, { price: v ?? 0 })}
              aria-label={t('tariff:band.price')}
              suffix={`${currency}/kWh`}
              style={{ width: 150 }}
              data-testid={`tariff-band-price-${i}`}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('tariff:band.remove')}
              onClick={() => onChange?.(value.filter((_, k) => k !== i))}
              data-testid={`tariff-band-remove-${i}`}
            />
          </Flex>
          {errors[i] && (
            <Typography.Text type="danger" data-testid={`tariff-band-error-${i}`}>
              {errors[i]}
            </Typography.Text>
          )}
        </Flex>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...value, { ...NEW_BAND }])}
        style={{ alignSelf: 'flex-start' }}
        data-testid="tariff-band-add"
      >
        {t('tariff:band.add')}
      </Button>
    </Flex>
  );
}
