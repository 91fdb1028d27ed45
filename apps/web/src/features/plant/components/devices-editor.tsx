import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INVERTER_TYPES, NETWORKING_MODES } from '@pvstar/contract/enum-values';
import { SerialSchema } from '@pvstar/contract/mqtt';
import type { FormListFieldData, FormRule } from 'antd';
import { Button, Card, Flex, Form, Input, Select, Space, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { inverterTypeLabel, networkingModeLabel } from '../../../components/monitor-labels.ts';
import { NumberInput } from '../../../components/number-input.tsx';
import { zodRule } from '../../../components/zod-rule.ts';

/** A device row is complete with its serial number (requirements §R5.6: device and battery info complete). */
const serialRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('common:validation.deviceInfo') },
  zodRule(SerialSchema),
];
const atLeastOne = (message: string) => ({
  validator: async (_rule: unknown, list: unknown[] | undefined) => {
    if (!list?.length) throw new Error(message);
  },
});
/** Serials are upper case (the server stores them so): typing in lower case is fine. */
const upper = (e: React.ChangeEvent<HTMLInputElement>) => e.target.value.toUpperCase();

function RemoveButton({ onClick, label, testId }: { onClick: () => void; label: string; testId: string }) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/** One kind of device under a dongle: a list of rows with an add button. */
function DeviceList({
  name,
  title,
  addLabel,
  required,
  render,
  empty,
  testId,
}: {
  name: (string | number)[];
  title: string;
  addLabel: string;
  required?: string;
  render: (field: FormListFieldData, remove: () => void) => React.ReactNode;
  empty: () => Record<string, unknown>;
  testId: string;
}) {
  return (
    <Form.List name={name} rules={required ? [atLeastOne(required)] : undefined}>
      {(fields, { add, remove }, { errors }) => (
        <div style={{ marginBottom: 8 }}>
          <Typography.Text strong>{title}</Typography.Text>
          <div style={{ marginTop: 4 }}>{fields.map((f) => render(f, () => remove(f.name)))}</div>
          <Button
            type="dashed"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => add(empty())}
            data-testid={`add-${testId}`}
          >
            {addLabel}
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

/** A device row: its fields, then its remove button. */
function DeviceRow({
  children,
  onRemove,
  testId,
}: {
  children: React.ReactNode;
  onRemove: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="flex-start" wrap style={{ marginBottom: 4 }}>
      {children}
      <RemoveButton onClick={onRemove} label={t('plant:devices.remove')} testId={testId} />
    </Flex>
  );
}

/** An inverter: serial, phase type, rated power and bus address. */
function InverterFields({ field }: { field: FormListFieldData }) {
  const { t } = useTranslation();
  return (
    <>
      <SerialField name={[field.name, 'sn']} label={t('plant:devices.inverterSn')} testId="inverter-sn" />
      <Form.Item
        name={[field.name, 'inverterType']}
        rules={[{ required: true, message: t('common:validation.deviceInfo') }]}
        style={{ minWidth: 150, marginBottom: 8 }}
      >
        <Select
          aria-label={t('plant:devices.inverterType')}
          options={INVERTER_TYPES.map((v) => ({ value: v, label: inverterTypeLabel(t, v) }))}
        />
      </Form.Item>
      <Form.Item name={[field.name, 'ratedPower']} style={{ width: 170, marginBottom: 8 }}>
        <NumberInput
          min={1}
          max={10_000_000}
          precision={0}
          suffix="W"
          placeholder={t('plant:devices.ratedPower')}
          aria-label={t('plant:devices.ratedPower')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <BusAddressField name={[field.name, 'deviceAddress']} />
    </>
  );
}

/** A battery: serial, manufacturer, model and bus address. */
function BatteryFields({ field }: { field: FormListFieldData }) {
  const { t } = useTranslation();
  return (
    <>
      <SerialField name={[field.name, 'sn']} label={t('plant:devices.batterySn')} testId="battery-sn" />
      {(['manufacturer', 'model'] as const).map((key) => (
        <Form.Item key={key} name={[field.name, key]} style={{ width: 160, marginBottom: 8 }}>
          <Input
            maxLength={64}
            placeholder={t(`plant:devices.${key}`)}
            aria-label={t(`plant:devices.${key}`)}
          />
        </Form.Item>
      ))}
      <BusAddressField name={[field.name, 'deviceAddress']} />
    </>
  );
}

/** The dongle's own fields: its serial (an existing dongle keeps its secret) and how it connects. */
function DongleFields({ dongle, existingDongles }: { dongle: FormListFieldData; existingDongles: string[] }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap>
      <Form.Item
        name={[dongle.name, 'sn']}
        label={t('plant:devices.dongleSn')}
        rules={serialRules(t)}
        getValueFromEvent={upper}
        extra={
          existingDongles.length > 0 ? (
            <Form.Item noStyle shouldUpdate>
              {({ getFieldValue }) =>
                existingDongles.includes(getFieldValue(['devices', 'dongles', dongle.name, 'sn']))
                  ? t('plant:devices.keepsSecret')
                  : null
              }
            </Form.Item>
          ) : undefined
        }
        style={{ minWidth: 240, flex: 1 }}
      >
        <Input maxLength={32} placeholder="DGL-000123" data-testid="dongle-sn" />
      </Form.Item>
      <Form.Item
        name={[dongle.name, 'networkingMode']}
        label={t('plant:devices.networkingMode')}
        rules={[{ required: true, message: t('common:validation.required') }]}
        style={{ minWidth: 160 }}
      >
        <Select options={NETWORKING_MODES.map((v) => ({ value: v, label: networkingModeLabel(v) }))} />
      </Form.Item>
    </Flex>
  );
}

/** One dongle with its inverters (at least one), batteries and meters. */
function DongleCard({
  dongle,
  index,
  onRemove,
  existingDongles,
}: {
  dongle: FormListFieldData;
  index: number;
  onRemove: () => void;
  existingDongles: string[];
}) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      type="inner"
      data-testid="dongle-card"
      title={t('plant:devices.dongleN', { n: index + 1 })}
      extra={
        <RemoveButton onClick={onRemove} label={t('plant:devices.removeDongle')} testId="remove-dongle" />
      }
    >
      <DongleFields dongle={dongle} existingDongles={existingDongles} />
      <DeviceList
        name={[dongle.name, 'inverters']}
        title={t('plant:devices.inverters')}
        addLabel={t('plant:devices.addInverter')}
        required={t('common:validation.addDevice')}
        empty={() => ({ inverterType: 'SINGLE_PHASE' })}
        testId="inverter"
        render={(f, remove) => (
          <DeviceRow key={f.key} onRemove={remove} testId="remove-inverter">
            <InverterFields field={f} />
          </DeviceRow>
        )}
      />
      <DeviceList
        name={[dongle.name, 'batteries']}
        title={t('plant:devices.batteries')}
        addLabel={t('plant:devices.addBattery')}
        empty={() => ({})}
        testId="battery"
        render={(f, remove) => (
          <DeviceRow key={f.key} onRemove={remove} testId="remove-battery">
            <BatteryFields field={f} />
          </DeviceRow>
        )}
      />
      <DeviceList
        name={[dongle.name, 'meters']}
        title={t('plant:devices.meters')}
        addLabel={t('plant:devices.addMeter')}
        empty={() => ({})}
        testId="meter"
        render={(f, remove) => (
          <DeviceRow key={f.key} onRemove={remove} testId="remove-meter">
            <SerialField name={[f.name, 'sn']} label={t('plant:devices.meterSn')} testId="meter-sn" />
            <BusAddressField name={[f.name, 'deviceAddress']} />
          </DeviceRow>
        )}
      />
    </Card>
  );
}

/**
 * The plant's devices: dongles (data collectors), each with its inverters, batteries and meters. The
 * field names mirror the request body, so the server's field errors land on the right input.
 */
export function DevicesEditor({ existingDongles = [] }: { existingDongles?: string[] }) {
  const { t } = useTranslation();
  return (
    <Form.List name={['devices', 'dongles']} rules={[atLeastOne(t('common:validation.addDevice'))]}>
      {(dongles, { add, remove }, { errors }) => (
        <Flex vertical gap={12}>
          {dongles.map((dongle, index) => (
            <DongleCard
              key={dongle.key}
              dongle={dongle}
              index={index}
              onRemove={() => remove(dongle.name)}
              existingDongles={existingDongles}
            />
          ))}
          <Space>
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() =>
                add({
                  networkingMode: 'WIFI',
                  inverters: [{ inverterType: 'SINGLE_PHASE' }],
                  batteries: [],
                  meters: [],
                })
              }
              data-testid="add-dongle"
            >
              {t('plant:devices.addDongle')}
            </Button>
          </Space>
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}

/** A device's serial number (upper-cased as typed), the field a device row is complete with. */
function SerialField({ name, label, testId }: { name: (string | number)[]; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      rules={serialRules(t)}
      getValueFromEvent={upper}
      style={{ minWidth: 200, flex: 1, marginBottom: 8 }}
    >
      <Input maxLength={32} placeholder={label} aria-label={label} data-testid={testId} />
    </Form.Item>
  );
}

/** A device's address on its dongle's bus (Modbus 1–247), optional. */
function BusAddressField({ name }: { name: (string | number)[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} style={{ width: 130, marginBottom: 8 }}>
      <NumberInput
        min={1}
        max={247}
        precision={0}
        placeholder={t('plant:devices.deviceAddress')}
        aria-label={t('plant:devices.deviceAddress')}
        title={t('plant:devices.deviceAddressHint')}
        style={{ width: '100%' }}
        data-testid="device-address"
      />
    </Form.Item>
  );
}
