import { DATA_SCOPES, ORG_TYPES } from '@pvstar/contract/enum-values';
import type { DataScope, OrgType, RoleStatus } from '@pvstar/contract/enums';
import { type RoleAddBody, RoleAddBodySchema, type RoleEditBody } from '@pvstar/contract/role';
import { nameSchema } from '@pvstar/contract/validation';
import type { FormInstance } from 'antd';
import { Form, Input, message, Radio, Select, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../../components/form-drawer.tsx';
import { showFormError } from '../../../../components/form-errors.ts';
import { FormGrid } from '../../../../components/form-grid.tsx';
import { dataScopeLabel, orgTypeLabel, roleLabel, roleStatusLabel } from '../../../../components/labels.ts';
import { zodRule } from '../../../../components/zod-rule.ts';
import { useSession } from '../../../../stores/session.ts';
import { useGrantableMenus } from '../../menu/api/menu-api.ts';
import { useRoleDetail, useSaveRole } from '../api/role-api.ts';
import { PermTree } from './perm-tree.tsx';

interface RoleFormValues {
  roleName?: string;
  roleCode?: string;
  roleType?: OrgType;
  roleDesc?: string;
  status?: RoleStatus;
  permCodes?: string[];
  dataScope?: DataScope;
}

/** What the validated form saves. */
const toFields = (v: RoleFormValues) => ({
  roleName: v.roleName!,
  roleCode: v.roleCode!,
  roleType: v.roleType!,
  roleDesc: v.roleDesc || null,
  status: v.status ?? 'ENABLED',
  permCodes: v.permCodes ?? [],
  dataScope: v.dataScope!,
});

/** The form shows the role, or a new one's defaults, each time the drawer opens. */
function useRoleFormValues(
  form: FormInstance<RoleFormValues>,
  open: boolean,
  isEdit: boolean,
  detail: ReturnType<typeof useRoleDetail>,
) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!isEdit) form.setFieldsValue({ status: 'ENABLED', permCodes: [] });
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        roleName: roleLabel(t, d),
        roleCode: d.roleCode,
        roleType: d.roleType,
        roleDesc: d.roleDesc ?? '',
        status: d.status,
        permCodes: d.permCodes,
        dataScope: d.dataScope,
      });
    }
  }, [open, isEdit, detail.data, form, t]);
}

/**
 * Add or edit a role: its names, type, status, function permissions (menus and buttons the caller
 * holds) and data permissions (no wider than the caller's own). Both permissions are required.
 */
export function RoleFormDrawer({
  open,
  roleId,
  onClose,
}: {
  open: boolean;
  roleId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const isEdit = roleId !== null;
  const detail = useRoleDetail(open ? roleId : null);
  const grantable = useGrantableMenus();
  const save = useSaveRole();
  const ownScope = useSession((s) => s.userInfo?.dataScope ?? 'SELF');
  // A built-in role keeps its name (shown in the reader's language), code and type; the server keeps them too.
  const builtin = isEdit && !!detail.data?.builtin;

  useRoleFormValues(form, open, isEdit, detail);

  const submit = async () => {
    // An invalid form rejects; the fields already show why.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const fields = toFields(v);
    const body: RoleAddBody | RoleEditBody = isEdit ? { id: roleId, ...fields } : fields;
    try {
      await save.mutateAsync(body);
      message.success(t('common:saved'));
      onClose();
    } catch (err) {
      showFormError(form, err);
    }
  };

  const ownRank = DATA_SCOPES.indexOf(ownScope);
  const loading = (isEdit && detail.isLoading) || grantable.isLoading;

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={640}
      title={isEdit ? t('system:role.editTitle') : t('system:role.addTitle')}
      saving={save.isPending}
      onSave={submit}
      saveTestId="role-form-save"
    >
      <Spin spinning={loading}>
        <Form<RoleFormValues> form={form} name="role-form" layout="vertical" data-testid="role-form">
          <FormGrid>
            <Form.Item
              name="roleName"
              label={t('common:field.roleName')}
              rules={[zodRule(nameSchema, { required: true })]}
            >
              <Input data-testid="role-form-name" maxLength={64} disabled={builtin} />
            </Form.Item>
            <Form.Item
              name="roleCode"
              label={t('common:field.roleCode')}
              rules={[zodRule(RoleAddBodySchema.shape.roleCode, { required: true })]}
            >
              <Input data-testid="role-form-code" maxLength={40} disabled={builtin} />
            </Form.Item>
            <Form.Item
              name="roleType"
              label={t('common:field.roleType')}
              rules={[{ required: true, message: t('common:validation.required') }]}
            >
              <Select
                disabled={builtin}
                data-testid="role-form-type"
                options={ORG_TYPES.map((o) => ({ value: o, label: orgTypeLabel(t, o) }))}
              />
            </Form.Item>
            <Form.Item name="status" label={t('common:field.status')}>
              <Radio.Group
                options={(['ENABLED', 'DISABLED'] as const).map((s) => ({
                  value: s,
                  label: roleStatusLabel(t, s),
                }))}
              />
            </Form.Item>
          </FormGrid>
          <Form.Item
            name="roleDesc"
            label={t('common:field.description')}
            rules={[zodRule(RoleAddBodySchema.shape.roleDesc)]}
          >
            <Input.TextArea rows={2} maxLength={255} showCount />
          </Form.Item>
          <Form.Item
            name="permCodes"
            label={t('common:field.permCodes')}
            required
            rules={[
              {
                validator: async (_r, value: string[] | undefined) => {
                  if (!value || value.length === 0) throw new Error(t('common:role.permsRequired'));
                },
              },
            ]}
          >
            <PermTree menus={grantable.data ?? []} />
          </Form.Item>
          <Form.Item
            name="dataScope"
            label={t('common:field.dataScope')}
            rules={[{ required: true, message: t('common:role.dataRequired') }]}
            extra={t('system:role.dataScopeHint')}
          >
            <Radio.Group
              data-testid="role-form-data-scope"
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              options={DATA_SCOPES.map((s, i) => ({
                value: s,
                label: dataScopeLabel(t, s),
                disabled: i < ownRank,
              }))}
            />
          </Form.Item>
        </Form>
      </Spin>
    </FormDrawer>
  );
}
