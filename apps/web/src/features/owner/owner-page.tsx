import { owner } from '@pvstar/contract/endpoints/owner';
import { STATUSES } from '@pvstar/contract/enum-values';
import { type OwnerPageBody, type OwnerRow, ownerContactSchema } from '@pvstar/contract/owner';
import { PERM } from '@pvstar/contract/perm';
import { Form, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactReveal } from '../../components/contact-reveal.tsx';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { formatCapacity } from '../../components/energy-format.ts';
import { FilterBar, FilterChoice, FilterOrg, FilterText } from '../../components/filter-bar.tsx';
import { formatDateTime } from '../../components/format.ts';
import { statusLabel } from '../../components/labels.ts';
import { ListLayout } from '../../components/list-layout.tsx';
import { useOrgTree } from '../../components/org-tree.ts';
import { PageTable } from '../../components/page-table.tsx';
import { StatusTag } from '../../components/status-tags.tsx';
import { zodRule } from '../../components/zod-rule.ts';
import { usePerm } from '../../permissions/perm.tsx';
import { OwnerPlants } from './components/owner-plants.tsx';

/** The organisation tree is offered to those who may read it (the guest may not). */
const ORG_TREE_CODES = [PERM.orgDealer, PERM.orgInstaller, PERM.systemUser];

function OrgFilter() {
  const { t } = useTranslation();
  const tree = useOrgTree();
  return <FilterOrg label={t('owner:filter.org')} width={220} tree={tree.data} />;
}

/** House owners (2003001): owner accounts in the caller's scope with their plants. */
export default function OwnerPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<OwnerPageBody>({});
  const canReveal = usePerm([PERM.ownerRevealContact]);
  const canReadOrgs = usePerm(ORG_TREE_CODES);

  // Masked as the server sends them; the reveal code adds the eye toggle (audited on the server).
  const contact = (value: string | null, viewType: 'MOBILE' | 'EMAIL', id: number) =>
    canReveal ? <ContactReveal value={value} viewType={viewType} id={id} /> : (value ?? '—');

  const columns: TableColumnsType<OwnerRow> = [
    {
      title: t('common:field.username'),
      dataIndex: 'username',
      key: 'username',
      fixed: 'left',
      render: (v: string) => <EllipsisText text={v} maxWidth={160} />,
    },
    {
      title: t('common:field.name'),
      dataIndex: 'name',
      key: 'name',
      render: (v: string | null) => <EllipsisText text={v} maxWidth={160} />,
    },
    {
      title: t('owner:column.org'),
      dataIndex: 'orgName',
      key: 'orgName',
      render: (v: string) => <EllipsisText text={v} maxWidth={180} />,
    },
    {
      title: t('owner:column.installer'),
      dataIndex: 'parentOrgName',
      key: 'parentOrgName',
      render: (v: string | null) => <EllipsisText text={v} maxWidth={180} />,
    },
    {
      // Phone over e-mail: as columns of their own the row overflowed a 1440 px screen.
      title: `${t('common:field.phone')} / ${t('common:field.email')}`,
      key: 'contact',
      render: (_, row) => (
        <>
          <div data-testid="owner-phone">{contact(row.phone, 'MOBILE', row.userId)}</div>
          <div data-testid="owner-email">{contact(row.email, 'EMAIL', row.userId)}</div>
        </>
      ),
    },
    {
      title: t('owner:column.plantCount'),
      dataIndex: 'plantCount',
      key: 'plantCount',
      align: 'right',
      render: (v: number) => <span data-testid="owner-plant-count">{v}</span>,
    },
    {
      title: t('owner:column.installedCapacity'),
      dataIndex: 'installedCapacity',
      key: 'installedCapacity',
      align: 'right',
      render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatCapacity(v)}</span>,
    },
    {
      title: t('owner:column.registerDate'),
      dataIndex: 'registerDate',
      key: 'registerDate',
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
    {
      title: t('common:field.status'),
      dataIndex: 'status',
      key: 'status',
      render: (v: OwnerRow['status']) => <StatusTag status={v} />,
    },
  ];

  return (
    <ListLayout
      title={t('owner:title')}
      filter={
        <FilterBar<OwnerPageBody> name="owner-filter" onSearch={setFilter}>
          <FilterText name="name" label={t('common:field.name')} width={160} testId="owner-filter-name" />
          <Form.Item
            name="contact"
            label={t('owner:filter.contact')}
            tooltip={t('owner:filter.contactHint')}
            rules={[zodRule(ownerContactSchema)]}
          >
            <Input allowClear style={{ width: 200 }} data-testid="owner-filter-contact" />
          </Form.Item>
          {canReadOrgs && <OrgFilter />}
          <FilterChoice
            name="status"
            label={t('common:field.status')}
            width={130}
            options={STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))}
          />
        </FilterBar>
      }
    >
      <PageTable
        endpoint={owner.page}
        filter={filter}
        columns={columns}
        rowKey="userId"
        expandable={{
          expandedRowRender: (row) => <OwnerPlants userId={row.userId} />,
          rowExpandable: (row) => row.plantCount > 0,
        }}
        data-testid="owner-table"
      />
    </ListLayout>
  );
}
