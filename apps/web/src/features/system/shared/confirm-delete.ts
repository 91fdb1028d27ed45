import type { ButtonProps, Modal } from 'antd';
import { message } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** Asks before deleting a row of an admin list; `onDelete` runs on OK and a toast confirms it. */
export function confirmDelete(
  modal: ModalApi,
  t: TFunction,
  { title, content, onDelete }: { title: ReactNode; content: ReactNode; onDelete: () => Promise<unknown> },
) {
  modal.confirm({
    title,
    content,
    okText: t('system:action.delete'),
    okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as ButtonProps,
    cancelText: t('system:action.cancel'),
    onOk: () => onDelete().then(() => message.success(t('common:deleted'))),
  });
}
