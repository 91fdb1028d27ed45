import type { OrgRow } from '@pvstar/contract/org';
import type { ButtonProps } from 'antd';
import { Alert, Input, Modal, message, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { useDeleteOrg } from '../api/org-api.ts';

/**
 * Deleting an organisation is irreversible, so its name must be typed to confirm (requirements §R10.2); the
 * server checks the name and that no sub-organisations are left as well.
 */
export function OrgDeleteModal({ org, onClose }: { org: OrgRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteOrg();
  const matches = !!org && typed.trim() === org.name;

  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!org || !matches) return;
    try {
      await remove.mutateAsync({ id: org.id, confirmName: typed.trim() });
      message.success(t('common:deleted'));
      close();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };

  return (
    <Modal
      open={org !== null}
      title={t('org:delete.title')}
      okText={t('system:action.delete')}
      okButtonProps={{ danger: true, disabled: !matches, 'data-testid': 'org-delete-ok' } as ButtonProps}
      cancelText={t('system:action.cancel')}
      onOk={submit}
      onCancel={close}
      confirmLoading={remove.isPending}
      destroyOnHidden
    >
      {org && (
        <>
          <Alert type="error" showIcon title={t('org:delete.irreversible')} style={{ marginBottom: 16 }} />
          <Typography.Paragraph>
            {t('org:delete.typeName')}{' '}
            {/* A long name wraps between words; only a word wider than the dialog is broken. */}
            <Typography.Text strong copyable={false} style={{ overflowWrap: 'break-word' }}>
              {org.name}
            </Typography.Text>
          </Typography.Paragraph>
          <Input
            autoFocus
            value={typed}
            status={error ? 'error' : undefined}
            placeholder={org.name}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(null);
            }}
            onPressEnter={submit}
            data-testid="org-delete-confirm-input"
          />
          {error && (
            <Typography.Text type="danger" style={{ display: 'block', marginTop: 8 }}>
              {error}
            </Typography.Text>
          )}
        </>
      )}
    </Modal>
  );
}
