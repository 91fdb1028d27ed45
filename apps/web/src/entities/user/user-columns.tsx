import { SafetyCertificateOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import type { UserRow } from '@pvstar/contract/user';
import { type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactReveal } from '../../components/contact-reveal.tsx';
import { EllipsisText, NameText } from '../../components/ellipsis-text.tsx';
import { formatDateTime } from '../../components/format.ts';
import { StatusTag } from '../../components/status-tags.tsx';
import { usePerm } from '../../permissions/perm.tsx';
import { RoleTags } from './role-tags.tsx';

/**
 * The columns a user list shares with the organisation page's employee list. Phone and e-mail come
 * masked; users holding the reveal permission get the eye toggle.
 */
export function useUserColumns(options: {
  showOrg: boolean;
  /** Replaces the status tag (the status menu, for those allowed to change it); null keeps the tag. */
  statusControl?: (row: UserRow) => ReactNode;
}): TableColumnsType<UserRow> {
  const { t } = useTranslation();
  const canReveal = usePerm([PERM.userRevealContact]);
  const stored = (value: string | null, viewType: 'MOBILE' | 'EMAIL', id: number) =>
    canReveal ? <ContactReveal value={value} viewType={viewType} id={id} /> : (value ?? '—');
  // A contact waiting for the user's confirmation is shown under the one in force.
  const contact = (value: string | null, viewType: 'MOBILE' | 'EMAIL', id: number, pending: string | null) =>
    pending ? (
      <>
        {stored(value, viewType, id)}
        <br />
        <Tag color="gold" variant="filled">
          {t('system:user.pendingContact', { value: pending })}
        </Tag>
      </>
    ) : (
      stored(value, viewType, id)
    );
  const columns: TableColumnsType<UserRow> = [
    {
      title: t('common:field.username'),
      dataIndex: 'username',
      key: 'username',
      fixed: 'left',
      render: (v: string) => <EllipsisText text={v} maxWidth={160} />,
    },
    {
      // The name under the display name (and the date under who created the account): as columns of their
      // own the row overflowed a 1440 px screen and the last columns hid under the actions.
      title: (
        <>
          {t('common:field.nickname')}
          <br />
          {t('common:field.name')}
        </>
      ),
      dataIndex: 'nickname',
      key: 'nickname',
      render: (v: string | null, row) => (
        <>
          <div>
            <EllipsisText text={v} maxWidth={140} />
          </div>
          {row.name && (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: row.name }}
              style={{ display: 'block', fontSize: 12, maxWidth: 140 }}
            >
              {row.name}
            </Typography.Text>
          )}
        </>
      ),
    },
  ];
  if (options.showOrg)
    columns.push({
      title: t('common:field.orgId'),
      dataIndex: 'orgName',
      key: 'orgName',
      render: (v: string) => <NameText text={v} />,
    });
  columns.push(
    { title: t('common:field.roleIds'), key: 'roles', render: (_, row) => <RoleTags roles={row.roles} /> },
    {
      title: t('common:field.status'),
      key: 'status',
      render: (_, row) => options.statusControl?.(row) ?? <StatusTag status={row.status} />,
    },
    {
      title: t('twoFactor:column'),
      key: 'twoFactor',
      render: (_, row) =>
        row.twoFactor ? (
          <Tag color="green" icon={<SafetyCertificateOutlined />} data-testid="user-two-factor">
            {t('twoFactor:column')}
          </Tag>
        ) : (
          '—'
        ),
    },
    {
      // Phone over e-mail: as columns of their own the row overflowed a 1440 px screen.
      title: (
        <>
          {t('common:field.phone')}
          <br />
          {t('common:field.email')}
        </>
      ),
      key: 'contact',
      render: (_, row) => (
        <>
          <div>{contact(row.phone, 'MOBILE', row.id, row.pendingPhone)}</div>
          <div>{contact(row.email, 'EMAIL', row.id, row.pendingEmail)}</div>
        </>
      ),
    },
    {
      title: (
        <>
          {t('system:user.createBy')}
          <br />
          {t('system:user.registerDate')}
        </>
      ),
      dataIndex: 'createTime',
      key: 'createTime',
      render: (v: string, row) => (
        <>
          <div>
            <EllipsisText text={row.createBy} maxWidth={120} />
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {formatDateTime(v)}
          </Typography.Text>
        </>
      ),
    },
  );
  return columns;
}
