import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Perm } from '../permissions/perm.tsx';

/** The edit link of a list row, shown with its button code. */
export function EditAction({
  perm,
  onClick,
  testId,
}: {
  perm: string;
  onClick: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Perm codes={[perm]}>
      <Button type="link" size="small" icon={<EditOutlined />} onClick={onClick} data-testid={testId}>
        {t('system:action.edit')}
      </Button>
    </Perm>
  );
}

/**
 * The delete icon of a list row, shown with its button code; `disabledReason` greys it out and says
 * why in the tooltip (a built-in role, the caller's own account, a menu with children).
 */
export function DeleteAction({
  perm,
  onClick,
  testId,
  disabledReason,
}: {
  perm: string;
  onClick: () => void;
  testId?: string;
  disabledReason?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Perm codes={[perm]}>
      <Tooltip title={disabledReason || t('system:action.delete')}>
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('system:action.delete')}
          disabled={!!disabledReason}
          onClick={onClick}
          data-testid={testId}
        />
      </Tooltip>
    </Perm>
  );
}

/** A list's pinned actions column: the row's buttons side by side, on one line. */
export function rowActionsColumn<Row>(t: TFunction, render: (row: Row) => ReactNode): ColumnType<Row> {
  return {
    title: t('system:action.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_, row) => (
      <Space size={0} style={{ whiteSpace: 'nowrap' }}>
        {render(row)}
      </Space>
    ),
  };
}
