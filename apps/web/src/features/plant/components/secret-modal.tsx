import type { DongleSecret } from '@pvstar/contract/station';
import { Alert, Button, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The dongles' MQTT secrets, shown once: the server keeps only their hashes, so this is the only
 * moment anyone can copy them.
 */
export function SecretModal({
  secrets,
  onClose,
  closeText,
}: {
  secrets: DongleSecret[] | null;
  onClose: () => void;
  closeText?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!secrets?.length}
      title={t('plant:secret.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          {closeText ?? t('plant:secret.done')}
        </Button>
      }
      width={640}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('plant:secret.once')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph type="secondary">{t('plant:secret.howTo')}</Typography.Paragraph>
      <List
        bordered
        dataSource={secrets ?? []}
        data-testid="secret-list"
        renderItem={(s) => (
          <List.Item data-testid="secret-item" data-sn={s.sn}>
            <div style={{ minWidth: 0, width: '100%' }}>
              <Typography.Text type="secondary">{t('plant:secret.username')}</Typography.Text>{' '}
              <Typography.Text code copyable={{ text: s.sn }} data-testid="secret-sn">
                {s.sn}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('plant:secret.password')}</Typography.Text>{' '}
              <Typography.Text
                code
                copyable={{ text: s.secret }}
                style={{ wordBreak: 'break-all' }}
                data-testid="secret-value"
              >
                {s.secret}
              </Typography.Text>
            </div>
          </List.Item>
        )}
      />
    </Modal>
  );
}
