import {
  WEBHOOK_EVENTS,
  type WebhookAddBody,
  WebhookAddBodySchema,
  type WebhookEditBody,
  type WebhookEvent,
  type WebhookRow,
  type WebhookSecret,
} from '@pvstar/contract/webhook';
import type { FormInstance } from 'antd';
import { Checkbox, Form, Input, message, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/form-drawer.tsx';
import { showFormError } from '../../../components/form-errors.ts';
import { toOrgSelectData, useOrgTree } from '../../../components/org-tree.ts';
import { zodRule } from '../../../components/zod-rule.ts';
import { useSession } from '../../../stores/session.ts';
import { useSaveWebhook } from '../api/webhook-api.ts';
import { eventLabel } from './labels.ts';

interface WebhookFormValues {
  orgId?: number;
  url?: string;
  events?: WebhookEvent[];
  description?: string;
  enabled?: boolean;
}

/** The form shows the endpoint, or an added one's defaults, each time the drawer opens. */
function useFormValues(form: FormInstance<WebhookFormValues>, open: boolean, row: WebhookRow | null) {
  const ownOrg = useSession((s) => s.userInfo?.user.orgId);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            orgId: row.orgId,
            url: row.url,
            events: row.events,
            description: row.description ?? '',
            enabled: row.enabled,
          }
        : { orgId: ownOrg, events: ['alarm.raised', 'alarm.ended'], enabled: true },
    );
  }, [open, row, form, ownOrg]);
}

/** Add or edit an endpoint: its organisation, URL, events and description; added ones answer their secret. */
export function WebhookFormDrawer({
  open,
  row,
  onClose,
  onSecret,
}: {
  open: boolean;
  row: WebhookRow | null;
  onClose: () => void;
  onSecret: (secret: WebhookSecret) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WebhookFormValues>();
  const tree = useOrgTree();
  const save = useSaveWebhook();

  useFormValues(form, open, row);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const fields = {
      orgId: v.orgId!,
      url: v.url!.trim(),
      events: v.events ?? [],
      description: v.description || null,
      enabled: v.enabled ?? true,
    };
    const body: WebhookAddBody | WebhookEditBody = row ? { id: row.id, ...fields } : fields;
    try {
      const answer = await save.mutateAsync(body);
      message.success(t('common:saved'));
      onClose();
      if (answer) onSecret(answer);
    } catch (err) {
      showFormError(form, err);
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      size={560}
      title={row ? t('webhook:editTitle') : t('webhook:addTitle')}
      saving={save.isPending}
      onSave={submit}
      saveTestId="webhook-form-save"
    >
      <Form<WebhookFormValues> form={form} name="webhook-form" layout="vertical" data-testid="webhook-form">
        <Form.Item
          name="url"
          label={t('webhook:url')}
          extra={t('webhook:urlHint')}
          rules={[zodRule(WebhookAddBodySchema.shape.url, { required: true })]}
        >
          <Input
            placeholder="https://erp.example.com/pvstar/events"
            maxLength={500}
            inputMode="url"
            data-testid="webhook-form-url"
          />
        </Form.Item>
        <Form.Item
          name="orgId"
          label={t('webhook:org')}
          extra={t('webhook:orgHint')}
          rules={[{ required: true, message: t('common:validation.required') }]}
        >
          <TreeSelect
            treeData={toOrgSelectData(tree.data ?? [])}
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            loading={tree.isLoading}
            data-testid="webhook-form-org"
          />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('webhook:events')}
          rules={[
            {
              validator: async (_r, value: string[] | undefined) => {
                if (!value?.length) throw new Error(t('common:webhook.eventsRequired'));
              },
            },
          ]}
          required
        >
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
            options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: eventLabel(t, e) }))}
            data-testid="webhook-form-events"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('webhook:description')}
          rules={[zodRule(WebhookAddBodySchema.shape.description)]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="enabled" label={t('webhook:enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
