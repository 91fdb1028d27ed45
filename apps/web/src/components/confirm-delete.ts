import type { ButtonProps, Modal } from 'antd';
import { message } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { ApiError } from '../api/http.ts';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/**
 * Asks before deleting a row of a list; `onDelete` runs on OK and a toast confirms it. With
 * `refusedTitle`, a refusal from the server (409: still in use) is shown in an error dialog that stays
 * until read, instead of a toast that vanishes.
 */
export function confirmDelete(
  modal: ModalApi,
  t: TFunction,
  {
    title,
    content,
    onDelete,
    refusedTitle,
  }: { title: ReactNode; content: ReactNode; onDelete: () => Promise<unknown>; refusedTitle?: string },
) {
  modal.confirm({
    title,
    content,
    okText: t('system:action.delete'),
    okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as ButtonProps,
    cancelText: t('system:action.cancel'),
    onOk: () =>
      onDelete().then(
        () => message.success(t('common:deleted')),
        (err: unknown) => {
          if (!refusedTitle) throw err;
          if (err instanceof ApiError && err.code === 401) return;
          modal.error({
            title: refusedTitle,
            content: err instanceof Error ? err.message : String(err),
            okText: t('system:action.confirm'),
            okButtonProps: { 'data-testid': 'delete-refused-ok' } as ButtonProps,
          });
        },
      ),
  });
}
