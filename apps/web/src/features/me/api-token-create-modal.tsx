import type { ApiTokenLimits } from '@pvstar/contract/api-token';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/form-errors.ts';
import { NumberInput } from '../../components/number-input.tsx';
import { usePlantOptions } from '../../entities/plant/plant-options-api.ts';
import { addApiToken } from './api/api-token-api.ts';

interface CreateValues {
  name: string;
  scope: 'READ_ONLY' | 'READ_WRITE';
  plants?: { value: number; label: string }[];
  expiresOn?: Dayjs | null;
  dailyLimit?: number | null;
  perSecondLimit?: number | null;
}

/** The create form's state: the plants search, the submit, and the token once made. */
function useCreateToken() {
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const scope = Form.useWatch('scope', form) ?? 'READ_ONLY';
  const [busy, setBusy] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const plants = usePlantOptions(search, { enabled: true, limit: 100 });

  const submit = async (v: CreateValues) => {
    setBusy(true);
    try {
      const made = await addApiToken({
        name: v.name,
        scope: v.scope,
        plantIds: v.plants?.map((p) => p.value),
        expiresOn: v.expiresOn ? v.expiresOn.format('YYYY-MM-DD') : null,
        dailyLimit: v.dailyLimit ?? undefined,
        perSecondLimit: v.perSecondLimit ?? undefined,
      });
      setToken(made.token);
    } catch (err) {
      showFormError(form, err, message, { plantIds: 'plants' });
    } finally {
      setBusy(false);
    }
  };

  return { form, scope, busy, token, setTyped, plants, submit };
}

/** The create dialog; after success it shows the token once, with a copy button and a warning. */
export function CreateTokenModal({
  limits,
  onClose,
}: {
  limits: ApiTokenLimits;
  onClose: (made: boolean) => void;
}) {
  const { t } = useTranslation();
  const { form, scope, busy, token, setTyped, plants, submit } = useCreateToken();

  if (token) return <TokenCreatedModal token={token} onClose={onClose} />;

  return (
    <Modal
      open
      title={t('apiToken:new')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('apiToken:create')}
      confirmLoading={busy}
      okButtonProps={{ ...{ 'data-testid': 'api-token-create' } }}
    >
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{ scope: 'READ_ONLY' }}
        onFinish={submit}
        data-testid="api-token-form"
      >
        <NameScopeFields scope={scope} />
        <PlantsExpiryFields plants={plants} onSearch={setTyped} />
        <LimitFields limits={limits} />
      </Form>
    </Modal>
  );
}

function TokenCreatedModal({ token, onClose }: { token: string; onClose: (made: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('apiToken:createdTitle')}
      closable={false}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={() => onClose(true)} data-testid="api-token-done">
          {t('apiToken:done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('apiToken:shownOnce')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        code
        copyable={{ text: token, tooltips: [t('apiToken:copy'), t('apiToken:copied')] }}
        style={{ wordBreak: 'break-all' }}
        data-testid="api-token-value"
      >
        {token}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('apiToken:howToUse')}</Typography.Paragraph>
    </Modal>
  );
}

function NameScopeFields({ scope }: { scope: CreateValues['scope'] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('apiToken:field.name')}
        rules={[{ required: true, whitespace: true, message: t('common:validation.required') }, { max: 64 }]}
      >
        <Input maxLength={64} placeholder={t('apiToken:namePlaceholder')} data-testid="api-token-name" />
      </Form.Item>
      <Form.Item
        name="scope"
        label={t('apiToken:field.scope')}
        extra={
          <div data-testid="api-token-capabilities">
            <div>{t('apiToken:can.READ_ONLY')}</div>
            {scope === 'READ_WRITE' && <div>{t('apiToken:can.READ_WRITE')}</div>}
            <div>{t('apiToken:neverByToken')}</div>
          </div>
        }
      >
        <Radio.Group>
          <Radio value="READ_ONLY" data-testid="api-token-read-only">
            {t('apiToken:scope.READ_ONLY')}
          </Radio>
          <Radio value="READ_WRITE" data-testid="api-token-read-write">
            {t('apiToken:scope.READ_WRITE')}
          </Radio>
        </Radio.Group>
      </Form.Item>
    </>
  );
}

function PlantsExpiryFields({
  plants,
  onSearch,
}: {
  plants: ReturnType<typeof usePlantOptions>;
  onSearch: (typed: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="plants" label={t('apiToken:field.plants')} extra={t('apiToken:plantsHint')}>
        <Select
          mode="multiple"
          labelInValue
          allowClear
          placeholder={t('apiToken:allPlants')}
          loading={plants.isFetching}
          options={plants.data?.map((p) => ({ value: p.id, label: p.stationName })) ?? []}
          showSearch={{ filterOption: false, onSearch }}
          data-testid="api-token-plants"
        />
      </Form.Item>
      <Form.Item name="expiresOn" label={t('apiToken:field.expiresOn')} extra={t('apiToken:expiryHint')}>
        <DatePicker style={{ width: '100%' }} data-testid="api-token-expiry" />
      </Form.Item>
    </>
  );
}

function LimitFields({ limits }: { limits: ApiTokenLimits }) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => n.toLocaleString(i18n.language);
  return (
    <Space wrap>
      <Form.Item
        name="dailyLimit"
        label={t('apiToken:field.dailyLimit')}
        extra={t('apiToken:upTo', { max: count(limits.maxDailyLimit) })}
      >
        <NumberInput
          min={1}
          max={limits.maxDailyLimit}
          precision={0}
          placeholder={String(limits.dailyLimit)}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item
        name="perSecondLimit"
        label={t('apiToken:field.perSecondLimit')}
        extra={t('apiToken:upTo', { max: count(limits.maxPerSecondLimit) })}
      >
        <NumberInput
          min={1}
          max={limits.maxPerSecondLimit}
          precision={0}
          placeholder={String(limits.perSecondLimit)}
          style={{ width: 180 }}
        />
      </Form.Item>
    </Space>
  );
}
