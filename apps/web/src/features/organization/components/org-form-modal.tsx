import { CHILD_ORG_TYPES, STATUSES } from '@pvstar/contract/enum-values';
import type { Status } from '@pvstar/contract/enums';
import {
  type OrgAddBody,
  OrgAddBodySchema,
  type OrgEditBody,
  type OrgRow,
  type OrgTreeNode,
} from '@pvstar/contract/org';
import { emailSchema, phoneSchema } from '@pvstar/contract/validation';
import type { FormInstance } from 'antd';
import { Checkbox, Form, Input, Modal, message, Select, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { FormGrid } from '../../../components/form-grid.tsx';
import { orgTypeLabel, statusLabel } from '../../../components/labels.ts';
import { toOrgSelectData } from '../../../components/org-tree.ts';
import { zodRule } from '../../../components/zod-rule.ts';
import { useSaveOrg } from '../api/org-api.ts';
import type { OrgMode } from '../org-mode.ts';

interface OrgFormValues {
  name?: string;
  parentId?: number;
  description?: string;
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  address?: string;
  status?: Status;
  requireTwoFactor?: boolean;
}

const fields = OrgAddBodySchema.shape;

/** The form shows the organisation, or a new one's defaults, each time the modal opens. */
function useOrgFormValues(
  form: FormInstance<OrgFormValues>,
  open: boolean,
  org: OrgRow | null,
  defaultParent?: number,
) {
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      org
        ? {
            name: org.name,
            parentId: org.parentId ?? undefined,
            description: org.description ?? '',
            contactName: org.contactName ?? '',
            contactPhone: org.contactPhone ?? '',
            contactEmail: org.contactEmail ?? '',
            address: org.address ?? '',
            status: org.status,
            requireTwoFactor: org.requireTwoFactor,
          }
        : { status: 'NORMAL', parentId: defaultParent },
    );
  }, [open, org, defaultParent, form]);
}

/** Add or edit an organisation of the page's type; the parent may only be of a type that can hold it. */
export function OrgFormModal({
  open,
  org,
  mode,
  tree,
  defaultParent,
  onClose,
}: {
  open: boolean;
  org: OrgRow | null;
  mode: OrgMode;
  tree: OrgTreeNode[];
  defaultParent?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrgFormValues>();
  const save = useSaveOrg();
  const parents = useMemo(
    () => toOrgSelectData(tree, (n) => CHILD_ORG_TYPES[n.type].includes(mode.type) && n.id !== org?.id),
    [tree, mode.type, org],
  );

  useOrgFormValues(form, open, org, defaultParent);

  const submit = async () => {
    // An invalid form rejects; the fields already show why.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: OrgAddBody = {
      name: v.name!,
      type: mode.type,
      parentId: v.parentId!,
      description: v.description || null,
      contactName: v.contactName || null,
      contactPhone: v.contactPhone || null,
      contactEmail: v.contactEmail || null,
      address: v.address || null,
      status: v.status ?? 'NORMAL',
      requireTwoFactor: !!v.requireTwoFactor,
    };
    try {
      await save.mutateAsync(org ? ({ id: org.id, ...body } satisfies OrgEditBody) : body);
      message.success(t('common:saved'));
      onClose();
    } catch (err) {
      showFormError(form, err);
    }
  };

  return (
    <Modal
      open={open}
      title={org ? t('org:form.editTitle') : t('org:form.addTitle', { type: orgTypeLabel(t, mode.type) })}
      okText={t('system:action.save')}
      cancelText={t('system:action.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
      width={680}
    >
      <Form<OrgFormValues> form={form} name="org-form" layout="vertical" data-testid="org-form">
        <FormGrid minColumnWidth={260}>
          <Form.Item
            name="name"
            label={t('common:field.name')}
            rules={[zodRule(fields.name, { required: true })]}
          >
            <Input maxLength={64} data-testid="org-form-name" />
          </Form.Item>
          <Form.Item label={t('common:field.type')}>
            <Input value={orgTypeLabel(t, mode.type)} disabled />
          </Form.Item>
          <Form.Item
            name="parentId"
            label={t('common:field.parentId')}
            rules={[{ required: true, message: t('common:validation.required') }]}
          >
            <TreeSelect
              data-testid="org-form-parent"
              treeData={parents}
              treeDefaultExpandAll
              showSearch={{ treeNodeFilterProp: 'title' }}
              popupMatchSelectWidth={false}
              placeholder={t('org:form.chooseParent')}
              notFoundContent={t('common:noData')}
            />
          </Form.Item>
          <Form.Item name="status" label={t('common:field.status')}>
            <Select options={STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))} />
          </Form.Item>
          <Form.Item
            name="contactName"
            label={t('common:field.contactName')}
            rules={[zodRule(fields.contactName)]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="contactPhone"
            label={t('common:field.contactPhone')}
            rules={[zodRule(phoneSchema)]}
          >
            <Input maxLength={16} placeholder="+49170123456" />
          </Form.Item>
          <Form.Item
            name="contactEmail"
            label={t('common:field.contactEmail')}
            rules={[zodRule(emailSchema)]}
          >
            <Input maxLength={254} />
          </Form.Item>
          <Form.Item name="address" label={t('common:field.address')} rules={[zodRule(fields.address)]}>
            <Input maxLength={255} />
          </Form.Item>
        </FormGrid>
        <Form.Item
          name="description"
          label={t('common:field.description')}
          rules={[zodRule(fields.description)]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="requireTwoFactor" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox data-testid="org-require-two-factor">{t('twoFactor:orgRequire')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
