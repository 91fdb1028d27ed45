import type { StationRow } from '@pvstar/contract/station';
import type { ButtonProps } from 'antd';
import { Alert, App, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { useDeletePlant } from '../api/plant-api.ts';

/**
 * Deleting a plant removes its devices and all their data, so its name must be typed to confirm (as
 * for organisations); the server checks the name too.
 */
export function PlantDeleteModal({
  plant,
  onClose,
  onDeleted,
}: {
  plant: Pick<StationRow, 'id' | 'stationName'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeletePlant();
  const matches = !!plant && typed.trim() === plant.stationName;

  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!plant || !matches) return;
    try {
      await remove.mutateAsync({ id: plant.id, confirmName: typed.trim() });
      message.success(t('common:deleted'));
      close();
      onDeleted?.();
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.fields)[0] ?? err.message) : String(err));
    }
  };

  return (
    <Modal
      open={plant !== null}
      title={t('plant:delete.title')}
      okText={t('system:action.delete')}
      okButtonProps={{ danger: true, disabled: !matches, 'data-testid': 'station-delete-ok' } as ButtonProps}
      cancelText={t('system:action.cancel')}
      onOk={submit}
      onCancel={close}
      confirmLoading={remove.isPending}
      destroyOnHidden
    >
      {plant && (
        <>
          <Alert type="error" showIcon title={t('plant:delete.irreversible')} style={{ marginBottom: 16 }} />
          <Typography.Paragraph>
            {t('plant:delete.typeName')}{' '}
            {/* A long name wraps between words; only a word wider than the dialog is broken. */}
            <Typography.Text strong style={{ overflowWrap: 'break-word' }}>
              {plant.stationName}
            </Typography.Text>
          </Typography.Paragraph>
          <Input
            autoFocus
            value={typed}
            status={error ? 'error' : undefined}
            placeholder={plant.stationName}
            aria-label={t('plant:delete.typeName')}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(null);
            }}
            onPressEnter={submit}
            data-testid="station-delete-input"
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
