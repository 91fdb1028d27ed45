import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The signing secret, once: after add and after a rotation. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={secret !== null}
      title={t('webhook:secretTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="webhook-secret-done">
          {t('system:action.confirm')}
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('webhook:secretOnce')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph
        copyable={{ text: secret ?? '' }}
        code
        style={{ fontSize: 14, wordBreak: 'break-all' }}
        data-testid="webhook-secret"
      >
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
