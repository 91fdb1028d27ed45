import type { DeviceType } from '@pvstar/contract/device';
import {
  DeviceReplaceBodySchema,
  type DeviceReplaceResult,
  REPLACEMENT_REASONS,
  type ReplacementReason,
} from '@pvstar/contract/device-replacement';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  DatePicker,
  Form,
  type FormInstance,
  Input,
  Modal,
  Select,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { zoneName } from '../../../components/format.ts';
import { deviceKindLabel } from '../../../components/monitor-labels.ts';
import { zodRule } from '../../../components/zod-rule.ts';
import { useReplaceDevice } from '../api/device-api.ts';

/** The device position to replace: its type, id and the serial it has now. */
export interface ReplaceTarget {
  deviceType: DeviceType;
  id: number;
  sn: string;
}

interface ReplaceValues {
  newSn?: string;
  replacedAt?: Dayjs;
  reason?: ReplacementReason;
  note?: string;
}

/**
 * Opened from the device's detail drawer too, whose layer (antd's 1000, like a modal's) is made after this
 * always-rendered modal and would cover it: above drawers, and its confirmation above it.
 */
const MODAL_Z = 1100;
const CONFIRM_Z = 1200;

export const reasonLabel = (t: TFunction, reason: ReplacementReason): string =>
  ({
    DEFECT: t('device:replace.reasons.DEFECT'),
    WARRANTY: t('device:replace.reasons.WARRANTY'),
    UPGRADE: t('device:replace.reasons.UPGRADE'),
    OTHER: t('device:replace.reasons.OTHER'),
  })[reason];

/** The dialog's state: the form, the confirmation before sending, and a dongle's new secret once sent. */
function useDeviceReplace(
  target: ReplaceTarget | null,
  onClose: () => void,
  onReplaced?: (newSn: string) => void,
) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<ReplaceValues>();
  const replace = useReplaceDevice();
  const [secret, setSecret] = useState<DeviceReplaceResult | null>(null);

  useEffect(() => {
    if (!target) return;
    setSecret(null);
    form.resetFields();
    form.setFieldsValue({ replacedAt: dayjs().second(0).millisecond(0), reason: 'DEFECT' });
  }, [target, form]);

  const send = async (v: ReplaceValues) => {
    // A time left as offered means "now": the moment of sending, not of opening the form (a device that
    // still reports would otherwise have readings after it).
    const replacedAt = form.isFieldTouched('replacedAt') ? v.replacedAt! : dayjs();
    try {
      const done = await replace.mutateAsync({
        deviceType: target!.deviceType,
        id: target!.id,
        newSn: v.newSn!.trim().toUpperCase(),
        replacedAt: replacedAt.toISOString(),
        reason: v.reason!,
        note: v.note?.trim() || null,
      });
      message.success(t('device:replace.done', { sn: done.sn }));
      onReplaced?.(done.sn);
      if (done.secret) setSecret(done);
      else onClose();
    } catch (err) {
      showFormError(form, err, message);
    }
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !target) return;
    const newSn = v.newSn!.trim().toUpperCase();
    modal.confirm({
      title: t('device:replace.confirmTitle', { old: target.sn, new: newSn }),
      content: (
        <>
          <p>{t('device:replace.confirmBody')}</p>
          {target.deviceType === 'DONGLE' && <p>{t('device:replace.confirmDongle')}</p>}
        </>
      ),
      zIndex: CONFIRM_Z,
      okText: t('device:replace.submit'),
      cancelText: t('system:action.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'replace-confirm-ok' } as ButtonProps,
      onOk: () => send(v),
    });
  };

  const title = target
    ? t('device:replace.title', { kind: deviceKindLabel(t, target.deviceType), sn: target.sn })
    : '';

  return { t, form, replace, secret, submit, title };
}

/**
 * Replace a device by a new serial number (decision 024): the new serial, when the new device took over
 * (the reader's clock, now unless changed), why, and a note; asked to confirm before it is sent. A dongle's
 * new MQTT secret is shown once afterwards.
 */
export function DeviceReplaceModal({
  target,
  onClose,
  onReplaced,
}: {
  target: ReplaceTarget | null;
  onClose: () => void;
  /** Told the new serial once the replacement is recorded (a list filtered on the old one follows it). */
  onReplaced?: (newSn: string) => void;
}) {
  const { t, form, replace, secret, submit, title } = useDeviceReplace(target, onClose, onReplaced);

  return (
    <Modal
      open={target !== null}
      zIndex={MODAL_Z}
      title={<Typography.Text ellipsis>{title}</Typography.Text>}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      data-testid="replace-modal"
      footer={
        secret ? (
          <Button type="primary" onClick={onClose} data-testid="replace-secret-done">
            {t('system:action.confirm')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} data-testid="replace-cancel">
              {t('system:action.cancel')}
            </Button>
            <Button
              type="primary"
              danger
              loading={replace.isPending}
              onClick={submit}
              data-testid="replace-submit"
            >
              {t('device:replace.submit')}
            </Button>
          </>
        )
      }
    >
      {secret ? <ReplaceSecret secret={secret} /> : <ReplaceForm form={form} />}
    </Modal>
  );
}

function ReplaceSecret({ secret }: { secret: DeviceReplaceResult }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert
        type="warning"
        showIcon
        title={t('device:replace.secretOnce', { sn: secret.sn })}
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph
        copyable={{ text: secret.secret ?? '' }}
        code
        style={{ fontSize: 14, wordBreak: 'break-all' }}
        data-testid="replace-secret"
      >
        {secret.secret}
      </Typography.Paragraph>
    </>
  );
}

function ReplaceForm({ form }: { form: FormInstance<ReplaceValues> }) {
  const { t } = useTranslation();
  return (
    <Form<ReplaceValues> form={form} name="device-replace" layout="vertical" data-testid="replace-form">
      <Form.Item
        name="newSn"
        label={t('device:replace.newSn')}
        extra={t('device:replace.newSnHint')}
        rules={[zodRule(DeviceReplaceBodySchema.shape.newSn, { required: true })]}
      >
        <Input
          maxLength={32}
          autoComplete="off"
          style={{ textTransform: 'uppercase', fontFamily: 'monospace' }}
          data-testid="replace-new-sn"
        />
      </Form.Item>
      <Form.Item
        name="replacedAt"
        label={t('device:replace.replacedAt')}
        extra={t('device:replace.replacedAtHint', { zone: zoneName(undefined) })}
        rules={[{ required: true, message: t('common:validation.required') }]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          style={{ width: '100%' }}
          data-testid="replace-at"
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('device:replace.reason')}
        rules={[{ required: true, message: t('common:validation.required') }]}
      >
        <Select
          options={REPLACEMENT_REASONS.map((r) => ({ value: r, label: reasonLabel(t, r) }))}
          data-testid="replace-reason"
        />
      </Form.Item>
      <Form.Item
        name="note"
        label={t('device:replace.note')}
        rules={[zodRule(DeviceReplaceBodySchema.shape.note)]}
      >
        <Input.TextArea rows={2} maxLength={500} showCount data-testid="replace-note" />
      </Form.Item>
    </Form>
  );
}
