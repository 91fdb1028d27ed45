import type { UserInfo } from '@pvstar/contract/auth';
import { nameSchema } from '@pvstar/contract/validation';
import { App, Button, Descriptions, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/form-errors.ts';
import { formatDateTime } from '../../components/format.ts';
import { useOrgTypeLabel } from '../../components/org-type-label.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { refreshUserInfo, updateAccountName } from './api/me-api.ts';

interface NameValues {
  nickname: string;
  name?: string | null;
}

/** The account at a glance, and its nickname and name to edit. */
export function InfoTab({ info, readOnly }: { info: UserInfo; readOnly: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const orgTypeLabel = useOrgTypeLabel();
  const [form] = Form.useForm<NameValues>();
  const [busy, setBusy] = useState(false);
  const { user } = info;

  const onFinish = async (v: NameValues) => {
    setBusy(true);
    try {
      await updateAccountName({ nickname: v.nickname.trim(), name: v.name?.trim() || null });
      await refreshUserInfo();
      message.success(t('common:saved'));
    } catch (err) {
      showFormError(form, err, message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        bordered
        size="small"
        data-testid="me-info"
        items={[
          { key: 'username', label: t('common:field.username'), children: user.username },
          { key: 'nickname', label: t('common:field.nickname'), children: user.nickname || '—' },
          { key: 'name', label: t('common:field.name'), children: user.name || '—' },
          {
            key: 'org',
            label: t('common:field.orgId'),
            children: `${user.orgName} (${orgTypeLabel(user.orgType)})`,
          },
          {
            key: 'role',
            label: t('common:field.roleType'),
            children: orgTypeLabel(info.rolePermList[0]?.roleType) || '—',
          },
          { key: 'created', label: t('me.created'), children: formatDateTime(user.createTime) },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 420, marginTop: 24 }}
        disabled={readOnly}
        onFinish={onFinish}
        initialValues={{ nickname: user.nickname ?? '', name: user.name ?? '' }}
      >
        <Form.Item
          name="nickname"
          label={t('common:field.nickname')}
          rules={[zodRule(nameSchema, { required: true })]}
        >
          <Input data-testid="me-nickname" />
        </Form.Item>
        <Form.Item name="name" label={t('common:field.name')} rules={[zodRule(nameSchema)]}>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('action.save')}
        </Button>
      </Form>
    </>
  );
}
