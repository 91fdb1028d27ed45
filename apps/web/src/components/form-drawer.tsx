import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The drawer of an add or edit form: Cancel and Save in its header (Save busy while the request runs). It
 * renders its form while closed too, so the form instance is connected before the drawer first opens.
 */
export function FormDrawer({
  open,
  onClose,
  size,
  title,
  saving,
  onSave,
  saveTestId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  size: number;
  title: ReactNode;
  saving: boolean;
  onSave: () => void;
  saveTestId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={size}
      destroyOnHidden
      forceRender
      title={title}
      extra={
        <Space>
          <Button onClick={onClose}>{t('system:action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={onSave} data-testid={saveTestId}>
            {t('system:action.save')}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
