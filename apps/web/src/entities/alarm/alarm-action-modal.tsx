import { ALARM_COMMENT_MAX, AlarmAckBodySchema, AlarmCloseBodySchema } from '@pvstar/contract/alarm';
import { App, type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/form-errors.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { useAcknowledgeAlarms, useCloseAlarms } from './alarm-api.ts';

/** What the user asked for: acknowledge ("I am on it") or close (end by hand) these alarms. */
export interface AlarmActionRequest {
  type: 'acknowledge' | 'close';
  ids: number[];
  /** One alarm's code and serial number, shown so the user sees what is meant. */
  subject?: string;
}

const ackRule = zodRule(AlarmAckBodySchema.shape.comment);
const closeRule = zodRule(AlarmCloseBodySchema.shape.comment, { required: true });

/** The comment dialog of both actions: optional for acknowledging, required for closing. */
export function AlarmActionModal({
  request,
  onClose,
  onDone,
}: {
  request: AlarmActionRequest | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  const acknowledge = useAcknowledgeAlarms();
  const close = useCloseAlarms();
  const isClose = request?.type === 'close';

  useEffect(() => {
    if (request) form.resetFields();
  }, [request, form]);

  const submit = async () => {
    if (!request) return;
    let comment: string;
    try {
      comment = ((await form.validateFields()).comment ?? '').trim();
    } catch {
      return;
    }
    try {
      if (isClose) {
        const { changed } = await close.mutateAsync({ ids: request.ids, comment });
        message.success(t('alarm:done.closed', { n: changed }));
      } else {
        const { changed } = await acknowledge.mutateAsync({ ids: request.ids, comment: comment || null });
        message.success(t('alarm:done.acknowledged', { n: changed }));
      }
      onDone?.();
      onClose();
    } catch (err) {
      showFormError(form, err, message);
    }
  };

  const count = request?.ids.length ?? 0;
  return (
    <Modal
      open={request !== null}
      title={isClose ? t('alarm:modal.closeTitle') : t('alarm:modal.ackTitle')}
      okText={isClose ? t('alarm:action.close') : t('alarm:action.acknowledge')}
      cancelText={t('system:action.cancel')}
      okButtonProps={{ danger: isClose, 'data-testid': 'alarm-confirm' } as ButtonProps}
      confirmLoading={acknowledge.isPending || close.isPending}
      onOk={submit}
      onCancel={onClose}
      forceRender
      data-testid="alarm-action-modal"
    >
      <Typography.Paragraph type="secondary">
        {isClose ? t('alarm:modal.closeHint') : t('alarm:modal.ackHint')}
      </Typography.Paragraph>
      <Typography.Paragraph strong data-testid="alarm-action-subject">
        {count === 1 && request?.subject ? request.subject : t('alarm:modal.selected', { n: count })}
      </Typography.Paragraph>
      <Form form={form} name="alarm-action-form" layout="vertical" requiredMark={isClose}>
        <Form.Item
          name="comment"
          label={t('alarm:modal.comment')}
          rules={[isClose ? closeRule : ackRule]}
          required={isClose}
        >
          <Input.TextArea
            maxLength={ALARM_COMMENT_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={isClose ? t('alarm:modal.closePlaceholder') : t('alarm:modal.ackPlaceholder')}
            data-testid="alarm-comment"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
