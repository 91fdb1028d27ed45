import {
  isValidParamValue,
  PARAM_DEFS,
  type ParamDef,
  type ParamKey,
  type ParamValue,
} from '@pvstar/contract/remote';
import { Form, type FormRule, Select, Space, Switch, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../components/number-input.tsx';
import { formatParamRange } from './params.ts';
import { formatParamValue, optionLabel, paramLabel } from './remote-labels.ts';

/**
 * A number must fit its range and decimals ('Please enter a correct value!'); an emptied field is
 * refused when the device reported a value for it (a write cannot send "nothing").
 */
const numberRule = (t: TFunction, key: ParamKey, reported: boolean): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const empty = value === undefined || value === null || value === '';
    if (empty ? reported : !isValidParamValue(key, value))
      throw new Error(t('common:validation.correctValue'));
  },
});

/** One parameter's input, built from its definition: number with unit and range, options, switch. */
export function ParamField({
  paramKey,
  reported,
  changed,
  testId = `param-${paramKey}`,
}: {
  paramKey: ParamKey;
  /** What the device last reported (undefined when it did not). */
  reported: ParamValue | undefined;
  /** The form holds another value than the device reported. */
  changed: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const def: ParamDef = PARAM_DEFS[paramKey];
  const label = (
    <Space size={6}>
      <span>{paramLabel(t, paramKey)}</span>
      {changed && (
        <Tag color="orange" variant="filled" style={{ marginInlineEnd: 0 }} data-testid="param-changed">
          {t('remote:form.changed')}
        </Tag>
      )}
    </Space>
  );
  const was = changed ? t('remote:form.was', { value: formatParamValue(t, paramKey, reported) }) : null;
  const extra = (parts: (string | null)[]): ReactNode => {
    const lines = parts.filter((p): p is string => !!p);
    return lines.length ? lines.map((line) => <div key={line}>{line}</div>) : undefined;
  };

  if (def.kind === 'number')
    return (
      <Form.Item
        name={paramKey}
        label={label}
        extra={extra([t('remote:form.range', { range: formatParamRange(paramKey) }), was])}
        rules={[numberRule(t, paramKey, reported !== undefined)]}
      >
        <NumberInput
          style={{ width: '100%' }}
          step={10 ** -def.decimals}
          suffix={def.unit || undefined}
          placeholder={formatParamRange(paramKey)}
          data-testid={testId}
        />
      </Form.Item>
    );
  if (def.kind === 'enum')
    return (
      <Form.Item name={paramKey} label={label} extra={extra([was])}>
        <Select
          popupMatchSelectWidth={false}
          options={def.options.map((value) => ({ value, label: optionLabel(t, paramKey, value) }))}
          data-testid={testId}
        />
      </Form.Item>
    );
  return (
    <Form.Item name={paramKey} label={label} extra={extra([was])} valuePropName="checked">
      <Switch data-testid={testId} />
    </Form.Item>
  );
}
