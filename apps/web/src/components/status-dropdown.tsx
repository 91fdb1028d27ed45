import { DownOutlined } from '@ant-design/icons';
import { STATUSES } from '@pvstar/contract/enum-values';
import type { Status } from '@pvstar/contract/enums';
import { Button, Dropdown, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusLabel } from './labels.ts';

const STATUS_BUTTON_COLOR = { NORMAL: 'green', FREEZE: 'orange', STOP: 'red' } as const;

/**
 * The status of an account or organisation as a small button in its colour; it opens the other
 * statuses (normal / freeze / stop), and a choice is confirmed naming the subject and the new status.
 */
export function StatusDropdown({
  current,
  subject,
  onChange,
}: {
  current: Status;
  subject: string;
  onChange: (status: Status) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [modal, contextHolder] = Modal.useModal();
  return (
    <>
      {contextHolder}
      <Dropdown
        trigger={['click']}
        menu={{
          items: STATUSES.map((s) => ({
            key: s,
            label: statusLabel(t, s),
            disabled: s === current,
          })),
          onClick: ({ key }) => {
            const status = key as Status;
            modal.confirm({
              title: t('system:status.confirmTitle'),
              content: t('system:status.confirmText', { name: subject, status: statusLabel(t, status) }),
              okText: t('system:action.confirm'),
              cancelText: t('system:action.cancel'),
              onOk: () => onChange(status),
            });
          },
        }}
      >
        <Button
          size="small"
          color={STATUS_BUTTON_COLOR[current]}
          variant="filled"
          icon={<DownOutlined style={{ fontSize: 10 }} />}
          iconPlacement="end"
          title={t('system:status.change')}
          data-testid="status-change"
        >
          {statusLabel(t, current)}
        </Button>
      </Dropdown>
    </>
  );
}
