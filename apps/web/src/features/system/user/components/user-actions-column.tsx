import { KeyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import type { UserRow } from '@pvstar/contract/user';
import { Button, type Modal, message, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../../components/confirm-delete.ts';
import { DeleteAction, EditAction, rowActionsColumn } from '../../../../components/row-actions.tsx';
import { useDeleteUser, useResetPassword, useResetTwoFactor } from '../../../../entities/user/user-api.ts';
import { Perm, usePerm } from '../../../../permissions/perm.tsx';
import { useSession } from '../../../../stores/session.ts';

/** The users' row actions, or none for those who hold none of them. */
export function useUserActionsColumn({
  modal,
  setEditing,
}: {
  modal: ReturnType<typeof Modal.useModal>[0];
  setEditing: (editing: { user: UserRow }) => void;
}): TableColumnsType<UserRow>[number] | null {
  const { t } = useTranslation();
  const selfId = useSession((s) => s.userInfo?.user.id);
  const canAct = usePerm([PERM.userEdit, PERM.userResetPassword, PERM.userDelete]);
  const remove = useDeleteUser();
  const reset = useResetPassword();
  const resetTwoFactor = useResetTwoFactor();
  // Only the provider's staff may reset a second factor (the server says so too).
  const isProvider = useSession((s) => s.userInfo?.user.orgType === 'PROVIDER');
  const canResetTwoFactor = usePerm([PERM.userEdit]) && isProvider;
  const confirmReset = (row: UserRow) =>
    modal.confirm({
      title: t('system:user.resetTitle'),
      content: (
        <Space orientation="vertical">
          <span>{t('system:user.resetConfirm')}</span>
          <Typography.Text type="secondary">
            {t('system:user.resetHint', { name: row.username })}
          </Typography.Text>
        </Space>
      ),
      okText: t('system:action.confirm'),
      cancelText: t('system:action.cancel'),
      onOk: () => reset.mutateAsync(row.id).then(() => message.success(t('common:user.passwordSent'))),
    });
  if (!canAct) return null;
  return rowActionsColumn(t, (row) => (
    <>
      <EditAction perm={PERM.userEdit} onClick={() => setEditing({ user: row })} />
      <Perm codes={[PERM.userResetPassword]}>
        <Tooltip title={t('system:user.resetPassword')}>
          <Button
            type="link"
            size="small"
            icon={<KeyOutlined />}
            aria-label={t('system:user.resetPassword')}
            onClick={() => confirmReset(row)}
            data-testid="user-reset-password"
          />
        </Tooltip>
      </Perm>
      {canResetTwoFactor && row.twoFactor && (
        <Tooltip title={t('twoFactor:reset')}>
          <Button
            type="link"
            size="small"
            icon={<SafetyCertificateOutlined />}
            aria-label={t('twoFactor:reset')}
            onClick={() =>
              modal.confirm({
                title: t('twoFactor:reset'),
                content: t('twoFactor:resetConfirm', { name: row.username }),
                okText: t('system:action.confirm'),
                cancelText: t('system:action.cancel'),
                onOk: () =>
                  resetTwoFactor.mutateAsync(row.id).then(() => message.success(t('common:twoFactor.reset'))),
              })
            }
            data-testid="user-reset-two-factor"
          />
        </Tooltip>
      )}
      <DeleteAction
        perm={PERM.userDelete}
        disabledReason={row.id === selfId ? t('common:user.cannotDeleteSelf') : null}
        onClick={() =>
          confirmDelete(modal, t, {
            title: t('system:user.deleteTitle', { name: row.username }),
            content: t('system:user.deleteWarning'),
            onDelete: () => remove.mutateAsync(row.id),
          })
        }
        testId="user-delete"
      />
    </>
  ));
}

import type { TableColumnsType } from 'antd';
