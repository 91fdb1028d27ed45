import type { ButtonProps } from 'antd';
import { Alert, App, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http.ts';

export interface ConfirmNameDeleteModalProps {
  /** The record's name, which must be typed to confirm; null while the dialog is closed. */
  name: string | null;
  /** Dialog title, the warning that it cannot be undone, and the request to type the name. */
  texts: { title: string; irreversible: string; typeName: string };
  /** Test ids of the delete button and the name input. */
  testIds: { ok: string; input: string };
  /** Deletes with the typed name (the server checks it too). */
  onDelete: (confirmName: string) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}

/**
 * Deleting something that takes its data with it (an organisation, a plant) cannot be undone, so its name
 * must be typed to confirm (requirements §R10.2); the server's refusal is shown under the input.
 */
export function ConfirmNameDeleteModal({
  name,
  texts,
  testIds,
  onDelete,
  pending,
  onClose,
  onDeleted,
}: ConfirmNameDeleteModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = name !== null && typed.trim() === name;

  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!matches) return;
    try {
      await onDelete(typed.trim());
      message.success(t('common:deleted'));
      close();
      onDeleted?.();
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.fields)[0] ?? err.message) : String(err));
    }
  };

  return (
    <Modal
      open={name !== null}
      title={texts.title}
      okText={t('system:action.delete')}
      okButtonProps={{ danger: true, disabled: !matches, 'data-testid': testIds.ok } as ButtonProps}
      cancelText={t('system:action.cancel')}
      onOk={submit}
      onCancel={close}
      confirmLoading={pending}
      destroyOnHidden
    >
      {name !== null && (
        <>
          <Alert type="error" showIcon title={texts.irreversible} style={{ marginBottom: 16 }} />
          <Typography.Paragraph>
            {texts.typeName}{' '}
            {/* A long name wraps between words; only a word wider than the dialog is broken. */}
            <Typography.Text strong style={{ overflowWrap: 'break-word' }}>
              {name}
            </Typography.Text>
          </Typography.Paragraph>
          <Input
            autoFocus
            value={typed}
            status={error ? 'error' : undefined}
            placeholder={name}
            aria-label={texts.typeName}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(null);
            }}
            onPressEnter={submit}
            data-testid={testIds.input}
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
