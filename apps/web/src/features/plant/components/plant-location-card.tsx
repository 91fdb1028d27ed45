import { DEFAULT_TIMEZONE, latitudeSchema, longitudeSchema } from '@pvstar/contract/station';
import { Card, Flex, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormGrid } from '../../../components/form-grid.tsx';
import { NumberInput } from '../../../components/number-input.tsx';
import { zodRule } from '../../../components/zod-rule.ts';
import { useAreas } from '../api/plant-api.ts';
import { LocationMap } from './location-map.tsx';
import type { PlantFormValues } from './plant-form-values.ts';

const TIME_ZONES: string[] = (
  Intl as unknown as { supportedValuesOf?: (k: string) => string[] }
).supportedValuesOf?.('timeZone') ?? ['UTC', ...Object.values(DEFAULT_TIMEZONE)];

/** A coordinate in degrees, required. */
const coordinateItem = (name: 'latitude' | 'longitude', label: string, schema: z.ZodType) => (
  <Form.Item name={name} label={label} rules={[zodRule(schema, { required: true })]} required>
    <NumberInput
      step={0.0001}
      precision={6}
      trimZeros
      style={{ width: '100%' }}
      data-testid={`field-${name}`}
    />
  </Form.Item>
);

/** The plant form's location card: country, region, coordinates (typed or picked on the map), time zone, address. */
export function PlantLocationCard() {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance<PlantFormValues>();
  const country = Form.useWatch('countryCode', form);
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const countries = useAreas('0');
  const regions = useAreas(country);
  const required = { required: true, message: t('common:validation.required') };

  const regionNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  const countryOptions = (countries.data ?? [])
    .map((c) => ({ value: c.code, label: regionNames?.of(c.code) ?? c.nameEn }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const regionOptions = (regions.data ?? []).map((r) => ({
    value: r.code,
    label: r.nameLocal === r.nameEn ? r.nameEn : `${r.nameLocal} (${r.nameEn})`,
  }));

  return (
    <Card title={t('plant:form.location')}>
      <Flex gap={24} wrap>
        <div style={{ flex: '1 1 360px', minWidth: 0 }}>
          <FormGrid minColumnWidth={200}>
            <Form.Item name="countryCode" label={t('plant:field.countryCode')} rules={[required]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={countryOptions}
                loading={countries.isLoading}
                data-testid="field-countryCode"
                onChange={(code: string) =>
                  form.setFieldsValue({
                    regionCode: null,
                    timezone: DEFAULT_TIMEZONE[code] ?? form.getFieldValue('timezone'),
                  })
                }
              />
            </Form.Item>
            <Form.Item name="regionCode" label={t('plant:field.regionCode')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={regionOptions}
                loading={regions.isLoading}
                disabled={!country || regionOptions.length === 0}
                data-testid="field-regionCode"
              />
            </Form.Item>
            {coordinateItem('latitude', t('plant:field.latitude'), latitudeSchema)}
            {coordinateItem('longitude', t('plant:field.longitude'), longitudeSchema)}
            <Form.Item name="timezone" label={t('plant:field.timezone')}>
              <Select
                showSearch
                options={TIME_ZONES.map((z) => ({ value: z, label: z }))}
                data-testid="field-timezone"
              />
            </Form.Item>
          </FormGrid>
          <Form.Item name="detailAddress" label={t('plant:field.detailAddress')}>
            <Input.TextArea
              maxLength={255}
              autoSize={{ minRows: 2, maxRows: 4 }}
              data-testid="field-detailAddress"
            />
          </Form.Item>
        </div>
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <LocationMap
            latitude={latitude}
            longitude={longitude}
            onPick={(lat, lng) => {
              form.setFieldsValue({ latitude: lat, longitude: lng });
              void form.validateFields(['latitude', 'longitude']);
            }}
          />
        </div>
      </Flex>
    </Card>
  );
}
