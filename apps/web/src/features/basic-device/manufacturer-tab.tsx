import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ManufacturerAddBodySchema,
  type ManufacturerPageBody,
  type ManufacturerRow,
} from '@pvstar/contract/basic-device';
import { basicDevice } from '@pvstar/contract/endpoints/basic-device';
import { PERM } from '@pvstar/contract/perm';
import { Button, type ButtonProps, Form, Input, Modal, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete.ts';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { FilterBar, FilterText } from '../../components/filter-bar.tsx';
import { showFormError } from '../../components/form-errors.ts';
import { formatDateTime } from '../../components/format.ts';
import { ListLayout } from '../../components/list-layout.tsx';
import { PageTable } from '../../components/page-table.tsx';
import { DeleteAction, EditAction, rowActionsColumn } from '../../components/row-actions.tsx';
import { zodRule } from '../../components/zod-rule.ts';
import { Perm, usePerm } from '../../permissions/perm.tsx';
import { useDelete, useSaveManufacturer } from './api/basic-device-api.ts';
import { ManufacturerKeysModal } from './manufacturer-keys-modal.tsx';

const fieldRule = (key: keyof typeof ManufacturerAddBodySchema.shape, required = false) =>
  zodRule(ManufacturerAddBodySchema.shape[key], { required });

interface FormValues {
  name?: string;
  abbreviation?: string;
  desc?: string;
}

function ManufacturerModal({
  row,
  onClose,
}: {
  row: ManufacturerRow | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveManufacturer();
  const open = row !== undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row)
      form.setFieldsValue({ name: row.name, abbreviation: row.abbreviation ?? '', desc: row.desc ?? '' });
  }, [open, row, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = { name: v.name!, abbreviation: v.abbreviation || null, desc: v.desc || null };
    try {
      await save.mutateAsync(row ? { id: row.id, ...body } : body);
      message.success(t('common:saved'));
      onClose();
    } catch (err) {
      showFormError(form, err);
    }
  };

  return (
    <Modal
      open={open}
      title={row ? t('basic:manufacturer.editTitle') : t('basic:manufacturer.addTitle')}
      okText={t('system:action.save')}
      cancelText={t('system:action.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'manufacturer-save' } as ButtonProps}
      forceRender
    >
      <Form<FormValues> form={form} name="manufacturer-form" layout="vertical" requiredMark>
        <Form.Item name="name" label={t('basic:manufacturer.name')} rules={[fieldRule('name', true)]}>
          <Input maxLength={64} data-testid="manufacturer-name" />
        </Form.Item>
        <Form.Item
          name="abbreviation"
          label={t('basic:manufacturer.abbreviation')}
          rules={[fieldRule('abbreviation')]}
        >
          <Input maxLength={32} data-testid="manufacturer-abbreviation" />
        </Form.Item>
        <Form.Item name="desc" label={t('basic:manufacturer.desc')} rules={[fieldRule('desc')]}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Manufacturers: name, abbreviation, description, created; one still in use cannot be deleted. */
export function ManufacturerTab() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ManufacturerPageBody>({});
  // undefined: closed; null: adding; a row: editing it.
  const [editing, setEditing] = useState<ManufacturerRow | null | undefined>(undefined);
  const [keysOf, setKeysOf] = useState<ManufacturerRow | null>(null);
  const [modal, contextHolder] = Modal.useModal();
  const remove = useDelete('manufacturer');
  const canAct = usePerm([PERM.basicDeviceEdit, PERM.basicDeviceDelete]);

  const columns: ColumnsType<ManufacturerRow> = [
    {
      title: t('basic:manufacturer.name'),
      dataIndex: 'name',
      render: (v: string) => <EllipsisText text={v} maxWidth={280} />,
    },
    { title: t('basic:manufacturer.abbreviation'), dataIndex: 'abbreviation', render: (v) => v ?? '—' },
    {
      title: t('basic:manufacturer.desc'),
      dataIndex: 'desc',
      render: (v: string | null) => (v ? <EllipsisText text={v} maxWidth={320} /> : '—'),
    },
    { title: t('basic:manufacturer.specCount'), dataIndex: 'specCount', align: 'right' },
    { title: t('basic:createTime'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v) },
  ];
  // Everyone who sees the list sees the firmware keys; adding and retiring needs the edit code.
  columns.push(
    rowActionsColumn(t, (row) => (
      <>
        <Button
          type="link"
          size="small"
          icon={<KeyOutlined />}
          onClick={() => setKeysOf(row)}
          data-testid="manufacturer-keys-open"
        >
          {t('basic:keys.open')}
        </Button>
        {canAct && (
          <>
            <EditAction
              perm={PERM.basicDeviceEdit}
              onClick={() => setEditing(row)}
              testId="manufacturer-edit"
            />
            <DeleteAction
              perm={PERM.basicDeviceDelete}
              onClick={() =>
                confirmDelete(modal, t, {
                  title: t('basic:manufacturer.deleteTitle', { name: row.name }),
                  content: t('basic:deleteWarning'),
                  onDelete: () => remove.mutateAsync(row.id),
                  refusedTitle: t('basic:deleteRefused'),
                })
              }
              testId="manufacturer-delete"
            />
          </>
        )}
      </>
    )),
  );

  return (
    <>
      {contextHolder}
      <ListLayout
        title={t('basic:tab.manufacturers')}
        filter={
          <FilterBar<ManufacturerPageBody> name="manufacturer-filter" onSearch={setFilter}>
            <FilterText
              name="name"
              label={t('basic:manufacturer.name')}
              width={200}
              testId="filter-manufacturer-name"
            />
            <FilterText name="abbreviation" label={t('basic:manufacturer.abbreviation')} width={160} />
          </FilterBar>
        }
        extra={
          <Perm codes={[PERM.basicDeviceAdd]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing(null)}
              data-testid="manufacturer-add"
            >
              {t('basic:manufacturer.add')}
            </Button>
          </Perm>
        }
      >
        <PageTable
          endpoint={basicDevice.manufacturerPage}
          filter={filter}
          columns={columns}
          data-testid="manufacturer-table"
        />
      </ListLayout>
      <ManufacturerModal row={editing} onClose={() => setEditing(undefined)} />
      <ManufacturerKeysModal row={keysOf} onClose={() => setKeysOf(null)} />
    </>
  );
}
