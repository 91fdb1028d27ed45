import { ArrowLeftOutlined } from '@ant-design/icons';
import { STATION_TYPES } from '@pvstar/contract/enum-values';
import {
  azimuthSchema,
  capacitySchema,
  priceSchema,
  type StationDetail,
  stationNameSchema,
  tiltSchema,
} from '@pvstar/contract/station';
import { Button, Card, DatePicker, Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { peakUnit } from '../../../components/energy-format.ts';
import { FormGrid } from '../../../components/form-grid.tsx';
import { stationTypeLabel } from '../../../components/monitor-labels.ts';
import { NumberInput } from '../../../components/number-input.tsx';
import { toOrgSelectData } from '../../../components/org-tree.ts';
import { zodRule } from '../../../components/zod-rule.ts';
import { usePlantOrgTree } from '../api/plant-api.ts';
import { PictureField } from './picture-field.tsx';
import type { PlantFormValues } from './plant-form-values.ts';

/** Currencies of the countries plants are in; the plant's prices are in one of them. */
const CURRENCIES = [
  'EUR',
  'CHF',
  'GBP',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'SEK',
  'DKK',
  'NOK',
  'ISK',
  'TRY',
  'UAH',
  'CNY',
  'JPY',
  'KRW',
  'INR',
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'BRL',
  'ZAR',
];

/** An angle in degrees (tilt, azimuth). */
const degreesItem = (name: 'angleOfRoll' | 'azimuth', label: string, schema: z.ZodType, extra: string) => (
  <Form.Item name={name} label={label} rules={[zodRule(schema)]} extra={extra}>
    <NumberInput step={1} precision={1} suffix="°" style={{ width: '100%' }} data-testid={`field-${name}`} />
  </Form.Item>
);

/** A price per kWh in the plant's currency (feed-in, purchase). */
const priceItem = (
  name: 'onlineElectrovalence' | 'buyElectrovalence',
  label: string,
  currency: string | undefined,
) => (
  <Form.Item name={name} label={label} rules={[zodRule(priceSchema)]}>
    <NumberInput
      min={0}
      step={0.01}
      precision={4}
      suffix={`${currency ?? 'EUR'}/kWh`}
      style={{ width: '100%' }}
    />
  </Form.Item>
);

/** The plant form's first card: name, type, organisation, sizes, dates, orientation, prices and picture. */
export function PlantBasicCard({ plant, onBack }: { plant: StationDetail | null; onBack: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PlantFormValues>();
  const currency = Form.useWatch('currency', form);
  const orgTree = usePlantOrgTree();
  const required = { required: true, message: t('common:validation.required') };
  const orgSelectable = toOrgSelectData(orgTree.data ?? []);

  return (
    <Card
      title={plant ? t('plant:form.editTitle', { name: plant.stationName }) : t('plant:form.addTitle')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="form-back">
          {t('app:action.back')}
        </Button>
      }
    >
      <Card.Meta title={t('plant:form.basic')} style={{ marginBottom: 16 }} />
      <FormGrid>
        <Form.Item
          name="stationName"
          label={t('plant:field.stationName')}
          rules={[zodRule(stationNameSchema, { required: true })]}
          required
        >
          <Input maxLength={100} showCount data-testid="field-stationName" />
        </Form.Item>
        <Form.Item name="stationType" label={t('plant:field.stationType')} rules={[required]}>
          <Select
            data-testid="field-stationType"
            options={STATION_TYPES.map((v) => ({
              value: v,
              label: stationTypeLabel(t, v),
            }))}
          />
        </Form.Item>
        <Form.Item name="orgId" label={t('plant:field.orgId')} rules={[required]}>
          <TreeSelect
            treeData={orgSelectable}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            popupMatchSelectWidth={false}
            loading={orgTree.isLoading}
            data-testid="field-orgId"
          />
        </Form.Item>
        <Form.Item
          name="installedCapacity"
          label={t('plant:field.installedCapacity')}
          rules={[zodRule(capacitySchema, { required: true })]}
          required
        >
          <NumberInput
            min={0}
            step={0.1}
            precision={3}
            suffix={peakUnit()}
            style={{ width: '100%' }}
            data-testid="field-installedCapacity"
          />
        </Form.Item>
        <Form.Item
          name="energyStorage"
          label={t('plant:field.energyStorage')}
          dependencies={['stationType']}
          rules={[
            ({ getFieldValue }) => ({
              required: getFieldValue('stationType') === 'ENERGY_STORAGE',
              message: t('common:validation.required'),
            }),
            zodRule(capacitySchema),
          ]}
        >
          <NumberInput
            min={0}
            step={0.1}
            precision={3}
            suffix="kWh"
            style={{ width: '100%' }}
            data-testid="field-energyStorage"
          />
        </Form.Item>
        <Form.Item name="gridConnectionTime" label={t('plant:field.gridConnectionTime')}>
          <DatePicker style={{ width: '100%' }} data-testid="field-gridConnectionTime" />
        </Form.Item>
        <Form.Item name="buildDate" label={t('plant:field.buildDate')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        {degreesItem('angleOfRoll', t('plant:field.angleOfRoll'), tiltSchema, t('plant:hint.tilt'))}
        {degreesItem('azimuth', t('plant:field.azimuth'), azimuthSchema, t('plant:hint.azimuth'))}
        <Form.Item name="currency" label={t('plant:field.currency')} rules={[required]}>
          <Select showSearch options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        {priceItem('onlineElectrovalence', t('plant:field.onlineElectrovalence'), currency)}
        {priceItem('buyElectrovalence', t('plant:field.buyElectrovalence'), currency)}
      </FormGrid>
      <Form.Item name="stationPicture" label={t('plant:field.stationPicture')}>
        <PictureField />
      </Form.Item>
    </Card>
  );
}
