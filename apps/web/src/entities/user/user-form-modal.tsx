import type { UserAddBody, UserEditBody, UserRow } from '@pvstar/contract/user';
import {
  emailSchema,
  nameSchema,
  PLAIN_PASSWORD,
  phoneSchema,
  usernameSchema,
} from '@pvstar/contract/validation';
import { Alert, Form, Input, Modal, message, Select, Tag, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/form-errors.ts';
import { FormGrid } from '../../components/form-grid.tsx';
import { orgTypeLabel, roleLabel } from '../../components/labels.ts';
import { toOrgSelectData, useOrgTree } from '../../components/org-tree.ts';
import { md5 } from '../../components/password.ts';
import { findNode } from '../../components/tree.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { useRoleOptions, useSaveUser } from './user-api.ts';

interface UserFormValues {
  orgId?: number;
  username?: string;
  nickname?: string;
  name?: string;
  email?: string;
  phone?: string;
  roleIds?: number[];
  password?: string;
  confirmPassword?: string;
}

export interface UserFormModalProps {
  open: boolean;
  /** The user to edit; absent to add one. */
  user?: UserRow | null;
  /** Adds the user to this organisation through the organisation page's employee endpoints. */
  employeeOfOrg?: number;
  onClose: () => void;
}

/** The roles a user of this organisation type may hold (its own type's and guest roles), and those held. */
function useRoleChoices(user: UserRow | null | undefined, orgType: string | undefined) {
  const { t } = useTranslation();
  const roleOptions = useRoleOptions();
  const roles = useMemo(
    () =>
      (roleOptions.data ?? [])
        .filter((r) => !orgType || r.roleType === orgType || r.roleType === 'GUEST')
        .map((r) => ({
          value: r.id,
          label: (
            <span>
              {roleLabel(t, r)}{' '}
              <Tag variant="filled" style={{ marginInlineStart: 4 }}>
                {orgTypeLabel(t, r.roleType)}
              </Tag>
            </span>
          ),
          title: roleLabel(t, r),
        })),
    [roleOptions.data, orgType, t],
  );
  // Roles already held stay listed while editing even when the caller cannot hand them out.
  const options = useMemo(() => {
    const known = new Set(roles.map((r) => r.value));
    const held = (user?.roles ?? [])
      .filter((r) => !known.has(r.id))
      .map((r) => ({ value: r.id, label: roleLabel(t, r), title: roleLabel(t, r) }));
    return [...roles, ...held];
  }, [roles, user, t]);
  return { options, loading: roleOptions.isLoading };
}

/**
 * E-mail and phone: one of them is needed for a new user; an existing user's are shown masked as the
 * placeholder and, left empty, keep what is stored.
 */
function ContactFields({ user }: { user: UserRow | null | undefined }) {
  const { t } = useTranslation();
  const placeholder = (masked: string | null | undefined) =>
    user && masked ? t('system:user.keepContact', { value: masked }) : undefined;
  return (
    <>
      <Form.Item
        name="email"
        label={t('common:field.email')}
        dependencies={['phone']}
        rules={[
          zodRule(emailSchema),
          ({ getFieldValue }) => ({
            validator: async (_r, value) => {
              if (!user && !value && !getFieldValue('phone'))
                throw new Error(t('common:validation.phoneOrEmail'));
            },
          }),
        ]}
      >
        <Input data-testid="user-form-email" placeholder={placeholder(user?.email)} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('common:field.phone')}
        dependencies={['email']}
        rules={[zodRule(phoneSchema)]}
      >
        <Input data-testid="user-form-phone" placeholder={placeholder(user?.phone)} autoComplete="off" />
      </Form.Item>
    </>
  );
}

/** Contact changes of an existing user wait for that user's confirmation: which ones are waiting. */
function PendingContactHint({ user }: { user: UserRow }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="user-form-contact-hint"
      title={t('system:user.contactChangeHint')}
      description={
        [user.pendingPhone, user.pendingEmail]
          .filter(Boolean)
          .map((value) => t('system:user.pendingContact', { value }))
          .join(' · ') || undefined
      }
      style={{ marginBottom: 16 }}
    />
  );
}

/** A new user's first password, typed twice; without one the server generates and sends it. */
function FirstPasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" showIcon title={t('system:user.passwordHint')} style={{ marginBottom: 16 }} />
      <FormGrid>
        <Form.Item
          name="password"
          label={t('common:field.password')}
          rules={[{ pattern: PLAIN_PASSWORD, message: t('common:validation.password') }]}
        >
          <Input.Password data-testid="user-form-password" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('common:field.confirmPassword')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, value) => {
                const password = getFieldValue('password');
                if ((password || value) && password !== value)
                  throw new Error(t('common:validation.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password
            data-testid="user-form-confirm-password"
            autoComplete="new-password"
            maxLength={64}
          />
        </Form.Item>
      </FormGrid>
    </>
  );
}

/** The form's values, reset on each opening: the user's own, or a new user of the given organisation. */
function useUserForm({ open, user, employeeOfOrg, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const save = useSaveUser(employeeOfOrg !== undefined);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      user
        ? {
            orgId: user.orgId,
            nickname: user.nickname ?? '',
            name: user.name ?? '',
            roleIds: user.roles.map((r) => r.id),
          }
        : { orgId: employeeOfOrg },
    );
  }, [open, user, employeeOfOrg, form]);

  const submit = async () => {
    // An invalid form rejects; the fields already show why.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const common = {
      orgId: v.orgId!,
      nickname: v.nickname!,
      name: v.name || null,
      email: v.email || undefined,
      phone: v.phone || undefined,
      roleIds: v.roleIds ?? [],
    };
    const body: UserAddBody | UserEditBody = user
      ? { id: user.id, ...common }
      : { ...common, username: v.username!, password: v.password ? await md5(v.password) : undefined };
    try {
      await save.mutateAsync(body);
      // A new contact for an existing user waits for that user's confirmation (the server says so too).
      message.success(user && (v.email || v.phone) ? t('common:user.contactPending') : t('common:saved'));
      onClose();
    } catch (err) {
      showFormError(form, err);
    }
  };
  return { form, submit, saving: save.isPending };
}

/**
 * Add or edit a user. Phone and e-mail of an existing user are only shown masked; left empty they
 * keep what is stored. A first password may be set; without one the server generates and sends it.
 */
export function UserFormModal(props: UserFormModalProps) {
  const { open, user, employeeOfOrg, onClose } = props;
  const { t } = useTranslation();
  const { form, submit, saving } = useUserForm(props);
  const employee = employeeOfOrg !== undefined;
  const tree = useOrgTree();
  const orgId = Form.useWatch('orgId', form);
  const orgType = orgId && tree.data ? findNode(tree.data, orgId)?.type : undefined;
  const roles = useRoleChoices(user, orgType);
  const title = user ? 'editTitle' : employee ? 'addEmployeeTitle' : 'addTitle';

  return (
    <Modal
      open={open}
      title={t(`system:user.${title}`)}
      okText={t('system:action.save')}
      cancelText={t('system:action.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={640}
      forceRender
    >
      <Form<UserFormValues>
        form={form}
        name={employee ? 'employee-form' : 'user-form'}
        layout="vertical"
        data-testid="user-form"
        requiredMark
      >
        <Form.Item
          name="orgId"
          label={t('common:field.orgId')}
          rules={[{ required: true, message: t('common:validation.required') }]}
        >
          <TreeSelect
            data-testid="user-form-org"
            treeData={toOrgSelectData(tree.data ?? [])}
            loading={tree.isLoading}
            disabled={employee}
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            placeholder={t('system:user.chooseOrg')}
            popupMatchSelectWidth={false}
            onChange={() => form.setFieldValue('roleIds', [])}
          />
        </Form.Item>
        {!user && (
          <Form.Item
            name="username"
            label={t('common:field.username')}
            rules={[zodRule(usernameSchema, { required: true })]}
          >
            <Input data-testid="user-form-username" autoComplete="off" maxLength={30} />
          </Form.Item>
        )}
        <FormGrid>
          <Form.Item
            name="nickname"
            label={t('common:field.nickname')}
            rules={[zodRule(nameSchema, { required: true })]}
          >
            <Input data-testid="user-form-nickname" maxLength={64} />
          </Form.Item>
          <Form.Item name="name" label={t('common:field.name')} rules={[zodRule(nameSchema)]}>
            <Input data-testid="user-form-name" maxLength={64} />
          </Form.Item>
          <ContactFields user={user} />
        </FormGrid>
        {user && <PendingContactHint user={user} />}
        <Form.Item
          name="roleIds"
          label={t('common:field.roleIds')}
          rules={[{ required: true, type: 'array', min: 1, message: t('common:validation.required') }]}
          extra={orgType ? t('system:user.rolesHint', { type: orgTypeLabel(t, orgType) }) : undefined}
        >
          <Select
            data-testid="user-form-roles"
            mode="multiple"
            options={roles.options}
            loading={roles.loading}
            showSearch={{ optionFilterProp: 'title' }}
            placeholder={t('system:user.chooseRoles')}
            notFoundContent={t('common:noData')}
          />
        </Form.Item>
        {!user && <FirstPasswordFields />}
      </Form>
    </Modal>
  );
}
