import {
  TARIFF_DIRECTIONS,
  TARIFF_KINDS,
  type TariffBand,
  type TariffDirection,
  type TariffKind,
  type TariffPeriod,
} from '@pvstar/contract/tariff';
import { App, DatePicker, Flex, Form, Modal, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/http.ts';
import { showFormError } from '../../../../components/form-errors.ts';
import { NumberInput } from '../../../../components/number-input.tsx';
import { useSavePeriod } from '../../api/tariff-api.ts';
import { NEW_BAND, TariffBandsEditor } from './tariff-bands-editor.tsx';

export const DIRECTION_LABEL: Record<TariffDirection, string> = {
  FEED_IN: 'tariff:direction.FEED_IN',
  PURCHASE: 'tariff:direction.PURCHASE',
};
export const KIND_LABEL: Record<TariffKind, string> = {
  FLAT: 'tariff:kind.FLAT',
  TOU: 'tariff:kind.TOU',
  DYNAMIC: 'tariff:kind.DYNAMIC',
};

const HELP: Record<TariffKind, string> = {
  FLAT: 'tariff:form.helpFLAT',
  TOU: 'tariff:form.helpTOU',
  DYNAMIC: 'tariff:form.helpDYNAMIC',
};

/** As wide as the longest "select a date" of the eight languages (French): narrower, it was cut. */
const PICKER_WIDTH = 200;

interface Values {
  direction: TariffDirection;
  kind: TariffKind;
  validFrom: Dayjs;
  validTo?: Dayjs | null;
  price?: number | null;
  gridFee?: number | null;
  bands?: TariffBand[];
}

/** The server's band errors (`bands[1]`, `bands[1].toHour`) by band. */
function bandErrors(err: unknown): Record<number, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<number, string> = {};
  for (const [field, text] of Object.entries(err.fields)) {
    const m = /^bands[[.](\d+)/.exec(field);
    if (m) out[Number(m[1])] = text;
  }
  return out;
}

/** What the validated form saves: no grid fee on a feed-in tariff, bands only for time of use. */
const toBody = (v: Values) => ({
  direction: v.direction,
  kind: v.kind,
  validFrom: v.validFrom.format('YYYY-MM-DD'),
  validTo: v.validTo ? v.validTo.format('YYYY-MM-DD') : null,
  price: v.price ?? null,
  gridFee: v.direction === 'PURCHASE' ? (v.gridFee ?? 0) : 0,
  bands: v.kind === 'TOU' ? (v.bands ?? []) : [],
});

/** The period's values, or a new one's from this month on. */
const initialValues = (p: TariffPeriod | null, direction: TariffDirection) => ({
  direction: p?.direction ?? direction,
  kind: p?.kind ?? 'FLAT',
  validFrom: p ? dayjs(p.validFrom) : dayjs().startOf('month'),
  validTo: p?.validTo ? dayjs(p.validTo) : null,
  price: p?.price ?? null,
  gridFee: p?.gridFee ?? 0,
  bands: p?.bands.length ? p.bands : [{ ...NEW_BAND }],
});

/**
 * Adding or changing a period: direction, type, days of validity, the price (a flat price; outside the
 * bands; or where a dynamic series has none), the grid fee (purchase only) and, for time of use, the bands.
 */
export function TariffPeriodForm(props: {
  stationId: number;
  currency: string;
  period: TariffPeriod | null;
  direction: TariffDirection;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSavePeriod();
  const [bandErrs, setBandErrs] = useState<Record<number, string>>({});
  const p = props.period;
  const kind = Form.useWatch('kind', form) ?? p?.kind ?? 'FLAT';
  const direction = Form.useWatch('direction', form) ?? p?.direction ?? props.direction;
  const unit = `${props.currency}/kWh`;

  const submit = async (v: Values) => {
    setBandErrs({});
    const body = toBody(v);
    try {
      await save.mutateAsync(p ? { id: p.id, ...body } : { stationId: props.stationId, ...body });
      message.success(t('tariff:form.saved'));
      props.onClose();
    } catch (err) {
      setBandErrs(bandErrors(err));
      showFormError(form, err, message);
    }
  };

  return (
    <Modal
      open
      title={t(p ? 'tariff:form.editTitle' : 'tariff:form.addTitle')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('tariff:form.save')}
      confirmLoading={save.isPending}
      width={880}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'tariff-form-save' } as Record<string, string>}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={initialValues(p, props.direction)}
        data-testid="tariff-form"
      >
        <Form.Item name="direction" label={t('tariff:form.direction')}>
          <Radio.Group
            optionType="button"
            options={TARIFF_DIRECTIONS.map((d) => ({ value: d, label: t(DIRECTION_LABEL[d]) }))}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('tariff:form.kind')}>
          <Radio.Group
            optionType="button"
            options={TARIFF_KINDS.map((k) => ({ value: k, label: t(KIND_LABEL[k]) }))}
            data-testid="tariff-form-kind"
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t(HELP[kind])}</Typography.Paragraph>
        <Flex gap={16} wrap>
          <Form.Item
            name="validFrom"
            label={t('tariff:form.validFrom')}
            rules={[{ required: true, message: t('common:validation.required') }]}
          >
            <DatePicker style={{ width: PICKER_WIDTH }} data-testid="tariff-form-from" />
          </Form.Item>
          <Form.Item name="validTo" label={t('tariff:form.validTo')} extra={t('tariff:form.validToHelp')}>
            <DatePicker style={{ width: PICKER_WIDTH }} data-testid="tariff-form-to" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            name="price"
            style={{ maxWidth: 340 }}
            label={t(
              kind === 'FLAT'
                ? 'tariff:form.price'
                : kind === 'TOU'
                  ? 'tariff:form.basePrice'
                  : 'tariff:form.fallbackPrice',
            )}
            rules={kind === 'FLAT' ? [{ required: true, message: t('common:validation.required') }] : []}
          >
            <NumberInput step={0.01} suffix={unit} style={{ width: 200 }} data-testid="tariff-form-price" />
          </Form.Item>
          {direction === 'PURCHASE' && (
            <Form.Item
              name="gridFee"
              label={t('tariff:form.gridFee')}
              extra={t('tariff:form.gridFeeHelp')}
              style={{ maxWidth: 340 }}
            >
              <NumberInput
                min={0}
                step={0.01}
                suffix={unit}
                style={{ width: 200 }}
                data-testid="tariff-form-fee"
              />
            </Form.Item>
          )}
        </Flex>
        {kind === 'TOU' && (
          <Form.Item name="bands" label={t('tariff:form.bands')}>
            <TariffBandsEditor currency={props.currency} errors={bandErrs} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
