import { MailOutlined } from '@ant-design/icons';
import type { InvitationRow, InvitationState } from '@pvstar/contract/commissioning';
import { LANG_LABELS, LANGS, type Lang } from '@pvstar/contract/lang';
import { emailSchema, nameSchema } from '@pvstar/contract/validation';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { formatDateTime } from '../../../components/format.ts';
import { zodRule } from '../../../components/zod-rule.ts';
import { useInvitations, useInvite, useRevokeInvitation } from '../api/commissioning-api.ts';

const STATE_LABEL: Record<InvitationState, string> = {
  PENDING: 'commissioning:invite.states.PENDING',
  ACCEPTED: 'commissioning:invite.states.ACCEPTED',
  EXPIRED: 'commissioning:invite.states.EXPIRED',
  REVOKED: 'commissioning:invite.states.REVOKED',
};
const STATE_COLOR: Record<InvitationState, string> = {
  PENDING: 'blue',
  ACCEPTED: 'green',
  EXPIRED: 'default',
  REVOKED: 'red',
};

interface Values {
  name: string;
  email: string;
  lang: Lang;
}

function invitationColumns(
  t: TFunction,
  revoke: ReturnType<typeof useRevokeInvitation>,
): TableColumnsType<InvitationRow> {
  return [
    {
      key: 'email',
      title: t('commissioning:invite.email'),
      render: (_, r) => (
        <Flex vertical>
          <span style={{ wordBreak: 'break-all' }}>{r.email}</span>
          <Typography.Text type="secondary">{r.name}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('commissioning:invite.state'),
      render: (_, r) => (
        <Tag color={STATE_COLOR[r.state]} data-testid={`invitation-state-${r.id}`}>
          {t(STATE_LABEL[r.state])}
        </Tag>
      ),
    },
    {
      key: 'sent',
      title: t('commissioning:invite.sent'),
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span>,
    },
    {
      key: 'expires',
      title: t('commissioning:invite.expires'),
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.acceptedAt ?? r.expiresAt)}</span>
      ),
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (_, r) =>
        r.state === 'PENDING' && (
          <Popconfirm
            title={t('commissioning:invite.revokeConfirm')}
            onConfirm={() => revoke.mutateAsync(r.id)}
            okButtonProps={{ danger: true }}
          >
            <Button danger size="small">
              {t('commissioning:invite.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
}

/**
 * Invites the plant's owner by e-mail (its managers): a link to set a password and see the plant, valid
 * for a week and once; the list of invitations sent. A plant whose owner has an account takes none.
 */
export function OwnerInvitation({
  stationId,
  hasOwnerAccount,
}: {
  stationId: number;
  hasOwnerAccount: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const invitations = useInvitations(stationId);
  const invite = useInvite();
  const revoke = useRevokeInvitation();

  const submit = async (v: Values) => {
    try {
      await invite.mutateAsync({ stationId, name: v.name.trim(), email: v.email.trim(), lang: v.lang });
      message.success(t('common:invitation.sent'));
      form.resetFields(['name', 'email']);
    } catch (err) {
      showFormError(form, err, message);
    }
  };

  const columns = invitationColumns(t, revoke);

  return (
    <Card
      size="small"
      data-testid="owner-invitation"
      title={
        <Flex gap={8} align="center">
          <MailOutlined />
          {t('commissioning:invite.title')}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {hasOwnerAccount ? t('commissioning:invite.hasOwner') : t('commissioning:invite.intro')}
        </Typography.Paragraph>
        {!hasOwnerAccount && (
          <Form
            form={form}
            layout="inline"
            onFinish={submit}
            style={{ rowGap: 8 }}
            initialValues={{ lang: i18n.language as Lang }}
          >
            <Form.Item
              name="name"
              label={t('commissioning:invite.name')}
              rules={[zodRule(nameSchema, { required: true })]}
            >
              <Input maxLength={64} style={{ width: 200 }} data-testid="invite-name" />
            </Form.Item>
            <Form.Item
              name="email"
              label={t('commissioning:invite.email')}
              rules={[zodRule(emailSchema, { required: true })]}
            >
              <Input type="email" maxLength={254} style={{ width: 240 }} data-testid="invite-email" />
            </Form.Item>
            <Form.Item name="lang" label={t('commissioning:invite.lang')}>
              <Select
                style={{ width: 150 }}
                options={LANGS.map((l) => ({ value: l, label: LANG_LABELS[l] }))}
                data-testid="invite-lang"
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={invite.isPending} data-testid="invite-send">
                {t('commissioning:invite.send')}
              </Button>
            </Form.Item>
          </Form>
        )}
        <Table<InvitationRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={invitations.data?.list ?? []}
          loading={invitations.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('commissioning:invite.empty') }}
          data-testid="invitation-list"
        />
      </Flex>
    </Card>
  );
}
