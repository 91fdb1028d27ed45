import type { FirmwareRow } from '@pvstar/contract/firmware';
import { Alert, type ButtonProps, Form, Input, Modal, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { useProgramRollback } from '../api/program-api.ts';
import { rollbackText } from '../upgrade-labels.tsx';

/**
 * A provider administrator marks a program as a rollback with the reason, or withdraws the mark. The
 * server records both in the audit log; tasks show the mark they were created with. Mounted while open.
 */
export function RollbackModal({ row, onClose }: { row: FirmwareRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const rollback = useProgramRollback();
  const withdraw = row.rollback !== null;

  const submit = async () => {
    const values = withdraw ? {} : await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await rollback.mutateAsync({ id: row.id, reason: withdraw ? null : values.reason!.trim() });
      message.success(
        withdraw ? t('upgrade:program.rollbackWithdrawn') : t('upgrade:program.rollbackMarked'),
      );
      onClose();
    } catch (err) {
      showFormError(form, err);
    }
  };

  return (
    <Modal
      open
      title={
        withdraw
          ? t('upgrade:program.rollbackWithdrawTitle', { version: row.version })
          : t('upgrade:program.rollbackTitle', { version: row.version })
      }
      okText={withdraw ? t('upgrade:program.rollbackWithdraw') : t('upgrade:program.rollbackMark')}
      okButtonProps={
        { danger: !withdraw, loading: rollback.isPending, 'data-testid': 'rollback-submit' } as ButtonProps
      }
      cancelText={t('system:action.cancel')}
      onOk={submit}
      onCancel={onClose}
    >
      <div data-testid="rollback-modal">
        <Alert
          type="warning"
          showIcon
          title={
            withdraw ? t('upgrade:program.rollbackWithdrawWarning') : t('upgrade:program.rollbackWarning')
          }
          description={withdraw && row.rollback ? rollbackText(t, row.rollback) : undefined}
          style={{ marginBottom: 16 }}
        />
        {!withdraw && (
          <Form form={form} layout="vertical" requiredMark name="rollback-form">
            <Form.Item
              name="reason"
              label={t('upgrade:program.rollbackReason')}
              extra={t('upgrade:program.rollbackReasonHint')}
              rules={[
                { required: true, whitespace: true, message: t('common:validation.required') },
                { min: 5, max: 200, message: t('upgrade:program.rollbackReasonHint') },
              ]}
            >
              <Input.TextArea
                maxLength={200}
                showCount
                autoSize={{ minRows: 2, maxRows: 5 }}
                data-testid="rollback-reason"
              />
            </Form.Item>
          </Form>
        )}
      </div>
    </Modal>
  );
}
