import { PlusOutlined } from '@ant-design/icons';
import {
  DeviceSpecAddBodySchema,
  type DeviceSpecPageBody,
  type DeviceSpecRow,
} from '@pvstar/contract/basic-device';
import { basicDevice } from '@pvstar/contract/endpoints/basic-device';
import type { BasicDeviceType } from '@pvstar/contract/enums';
import { PERM } from '@pvstar/contract/perm';
import { Button, type ButtonProps, Form, Input, Modal, message, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete.ts';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { FilterBar, FilterChoice, FilterText } from '../../components/filter-bar.tsx';
import { showFormError } from '../../components/form-errors.ts';
import { formatDateTime } from '../../components/format.ts';
import { ListLayout } from '../../components/list-layout.tsx';
import { PageTable } from '../../components/page-table.tsx';
import { DeleteAction, EditAction, rowActionsColumn } from '../../components/row-actions.tsx';
import { zodRule } from '../../components/zod-rule.ts';
import { Perm, usePerm } from '../../permissions/perm.tsx';
import {
  deviceTypeLabel,
  deviceTypeOptions,
  useDelete,
  useManufacturerOptions,
  useSaveSpec,
} from './api/basic-device-api.ts';

interface FormValues {
  deviceType?: BasicDeviceType;
  deviceSpecs?: string;
  manufacturerId?: number;
}

function useManufacturerSelect() {
  const options = useManufacturerOptions();
  return (options.data ?? []).map((m) => ({ value: m.id, label: m.name }));
}

function SpecModal({ row, onClose }: { row: DeviceSpecRow | null | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveSpec();
  const manufacturers = useManufacturerSelect();
  const open = row !== undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row)
      form.setFieldsValue({
        deviceType: row.deviceType,
        deviceSpecs: row.deviceSpecs,
        manufacturerId: row.manufacturerId,
      });
  }, [open, row, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      deviceType: v.deviceType!,
      deviceSpecs: v.deviceSpecs!,
      manufacturerId: v.manufacturerId!,
    };
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
      title={row ? t('basic:spec.editTitle') : t('basic:spec.addTitle')}
      okText={t('system:action.save')}
      cancelText={t('system:action.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'spec-save' } as ButtonProps}
      forceRender
    >
      <Form<FormValues> form={form} name="spec-form" layout="vertical" requiredMark>
        <Form.Item
          name="deviceType"
          label={t('basic:spec.deviceType')}
          rules={[zodRule(DeviceSpecAddBodySchema.shape.deviceType, { required: true })]}
        >
          <Select options={deviceTypeOptions(t)} data-testid="spec-type" />
        </Form.Item>
        <Form.Item
          name="manufacturerId"
          label={t('basic:spec.manufacturer')}
          rules={[zodRule(DeviceSpecAddBodySchema.shape.manufacturerId, { required: true })]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={manufacturers}
            data-testid="spec-manufacturer"
          />
        </Form.Item>
        <Form.Item
          name="deviceSpecs"
          label={t('basic:spec.deviceSpecs')}
          rules={[zodRule(DeviceSpecAddBodySchema.shape.deviceSpecs, { required: true })]}
        >
          <Input maxLength={100} data-testid="spec-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Device specifications (models) by device type and manufacturer. */
export function SpecTab() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<DeviceSpecPageBody>({});
  const [editing, setEditing] = useState<DeviceSpecRow | null | undefined>(undefined);
  const [modal, contextHolder] = Modal.useModal();
  const remove = useDelete('deviceSpec');
  const manufacturers = useManufacturerSelect();
  const canAct = usePerm([PERM.basicDeviceEdit, PERM.basicDeviceDelete]);

  const columns: ColumnsType<DeviceSpecRow> = [
    {
      title: t('basic:spec.deviceType'),
      dataIndex: 'deviceType',
      render: (v: BasicDeviceType) => <Tag>{deviceTypeLabel(t, v)}</Tag>,
    },
    {
      title: t('basic:spec.deviceSpecs'),
      dataIndex: 'deviceSpecs',
      render: (v: string) => <EllipsisText text={v} maxWidth={280} />,
    },
    {
      title: t('basic:spec.manufacturer'),
      dataIndex: 'manufactor',
      render: (v: string) => <EllipsisText text={v} maxWidth={280} />,
    },
    { title: t('basic:createTime'), dataIndex: 'createTime', render: (v: string) => formatDateTime(v) },
  ];
  if (canAct)
    columns.push(
      rowActionsColumn(t, (row) => (
        <>
          <EditAction perm={PERM.basicDeviceEdit} onClick={() => setEditing(row)} testId="spec-edit" />
          <DeleteAction
            perm={PERM.basicDeviceDelete}
            onClick={() =>
              confirmDelete(modal, t, {
                title: t('basic:spec.deleteTitle', { name: row.deviceSpecs }),
                content: t('basic:deleteWarning'),
                onDelete: () => remove.mutateAsync(row.id),
                refusedTitle: t('basic:deleteRefused'),
              })
            }
            testId="spec-delete"
          />
        </>
      )),
    );

  return (
    <>
      {contextHolder}
      <ListLayout
        title={t('basic:tab.specs')}
        filter={
          <FilterBar<DeviceSpecPageBody> name="spec-filter" onSearch={setFilter}>
            <FilterChoice
              name="deviceType"
              label={t('basic:spec.deviceType')}
              width={160}
              options={deviceTypeOptions(t)}
            />
            <FilterChoice
              name="manufacturerId"
              label={t('basic:spec.manufacturer')}
              width={220}
              options={manufacturers}
              searchable
            />
            <FilterText
              name="deviceSpecs"
              label={t('basic:spec.deviceSpecs')}
              width={180}
              testId="filter-spec"
            />
          </FilterBar>
        }
        extra={
          <Perm codes={[PERM.basicDeviceAdd]}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing(null)}
              data-testid="spec-add"
            >
              {t('basic:spec.add')}
            </Button>
          </Perm>
        }
      >
        <PageTable
          endpoint={basicDevice.specPage}
          filter={filter}
          columns={columns}
          data-testid="spec-table"
        />
      </ListLayout>
      <SpecModal row={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
