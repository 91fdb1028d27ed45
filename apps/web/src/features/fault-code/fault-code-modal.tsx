import { ALARM_LEVELS } from '@pvstar/contract/enum-values';
import {
  FAULT_ADVICE_MAX,
  FAULT_MESSAGE_MAX,
  type FaultCodeRow,
  FaultDeviceTypeSchema,
  type FaultMessages,
  faultCodeSchema,
} from '@pvstar/contract/fault-code';
import { LANG_LABELS, LANGS, type Lang } from '@pvstar/contract/lang';
import { requiredText } from '@pvstar/contract/validation';
import type { FormInstance } from 'antd';
import { type ButtonProps, Col, Form, Input, Modal, message, Row, Select, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { showFormError } from '../../components/form-errors.ts';
import { deviceKindLabel } from '../../components/monitor-labels.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { alarmLevelLabel } from '../../entities/alarm/alarm-labels.ts';
import { useSettings } from '../../stores/settings.ts';
import { useSaveFaultCode } from './api/fault-code-api.ts';

interface FormValues {
  faultCode?: string;
  deviceType?: FaultCodeRow['deviceType'];
  alarmLevel?: FaultCodeRow['alarmLevel'];
  message?: Partial<FaultMessages>;
  fixAdvice?: Partial<FaultMessages>;
}

const messageRule = zodRule(requiredText(1, FAULT_MESSAGE_MAX), { required: true });
const adviceRule = zodRule(requiredText(1, FAULT_ADVICE_MAX), { required: true });

/** The languages whose message or fix advice has an error. */
const languagesWithErrors = (form: FormInstance<FormValues>) =>
  LANGS.filter((l) =>
    form
      .getFieldsError([
        ['message', l],
        ['fixAdvice', l],
      ])
      .some((f) => f.errors.length > 0),
  );

/** What the validated form saves. */
const toBody = (v: FormValues) => ({
  faultCode: v.faultCode!.trim().toUpperCase(),
  deviceType: v.deviceType!,
  alarmLevel: v.alarmLevel!,
  message: v.message as FaultMessages,
  fixAdvice: v.fixAdvice as FaultMessages,
});

/** The user's own language first, then the others in the menu's order. */
const tabOrder = (own: Lang) => [own, ...LANGS.filter((l) => l !== own)];

/** The code, its device type and its level. */
function FaultCodeFields() {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} sm={8}>
        <Form.Item
          name="faultCode"
          label={t('faultCode:code')}
          tooltip={t('faultCode:codeHint')}
          rules={[zodRule(faultCodeSchema, { required: true })]}
          normalize={(v: string) => v?.toUpperCase()}
        >
          <Input maxLength={32} placeholder="INV-GRID-OV" data-testid="fault-code-code" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="deviceType"
          label={t('faultCode:deviceType')}
          rules={[{ required: true, message: t('common:validation.required') }]}
        >
          <Select
            data-testid="fault-code-device-type"
            options={FaultDeviceTypeSchema.options.map((value) => ({
              value,
              label: deviceKindLabel(t, value),
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="alarmLevel"
          label={t('faultCode:alarmLevel')}
          rules={[{ required: true, message: t('common:validation.required') }]}
        >
          <Select
            data-testid="fault-code-level"
            options={ALARM_LEVELS.map((value) => ({
              value,
              label: alarmLevelLabel(t, value),
            }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Add (row null) or edit (a row) a fault code: code, device type, level, then per language a tab. */
export function FaultCodeModal({
  row,
  onClose,
}: {
  row: FaultCodeRow | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const own = useSettings((s) => s.language);
  const [form] = Form.useForm<FormValues>();
  const save = useSaveFaultCode();
  const open = row !== undefined;
  const [tab, setTab] = useState<Lang>(own);
  const [badLangs, setBadLangs] = useState<Lang[]>([]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTab(own);
    setBadLangs([]);
    if (row)
      form.setFieldsValue({
        faultCode: row.faultCode,
        deviceType: row.deviceType,
        alarmLevel: row.alarmLevel,
        message: row.messages,
        fixAdvice: row.fixAdvices,
      });
  }, [open, row, form, own]);

  /** Languages with an error, so that their tabs are marked and the first one is shown. */
  const markLanguages = () => {
    const bad = languagesWithErrors(form);
    setBadLangs(bad);
    if (bad.length && !bad.includes(tab)) setTab(bad[0]!);
  };

  const submit = async () => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      markLanguages();
      return;
    }
    setBadLangs([]);
    const body = toBody(v);
    try {
      await save.mutateAsync(row ? { id: row.id, ...body } : body);
      message.success(t('common:saved'));
      onClose();
    } catch (err) {
      // A taken code (409) belongs under the code field.
      if (err instanceof ApiError && err.code === 409) {
        form.setFields([{ name: 'faultCode', errors: [err.message] }]);
        return;
      }
      showFormError(form, err);
      markLanguages();
    }
  };

  return (
    <Modal
      open={open}
      width={760}
      title={row ? t('faultCode:editTitle') : t('faultCode:addTitle')}
      okText={t('system:action.save')}
      cancelText={t('system:action.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'fault-code-save' } as ButtonProps}
      forceRender
    >
      <Form<FormValues> form={form} name="fault-code-form" layout="vertical" requiredMark>
        <FaultCodeFields />
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(k) => setTab(k as Lang)}
          data-testid="fault-code-langs"
          items={tabOrder(own).map((lang) => ({
            key: lang,
            forceRender: true,
            label: (
              <span
                style={badLangs.includes(lang) ? { color: 'var(--ant-color-error)' } : undefined}
                data-testid={`fault-code-tab-${lang}`}
              >
                {LANG_LABELS[lang]}
              </span>
            ),
            children: (
              <>
                <Form.Item name={['message', lang]} label={t('faultCode:message')} rules={[messageRule]}>
                  <Input maxLength={FAULT_MESSAGE_MAX} data-testid={`fault-code-message-${lang}`} />
                </Form.Item>
                <Form.Item name={['fixAdvice', lang]} label={t('faultCode:fixAdvice')} rules={[adviceRule]}>
                  <Input.TextArea
                    maxLength={FAULT_ADVICE_MAX}
                    showCount
                    autoSize={{ minRows: 3, maxRows: 8 }}
                    data-testid={`fault-code-advice-${lang}`}
                  />
                </Form.Item>
              </>
            ),
          }))}
        />
      </Form>
    </Modal>
  );
}
