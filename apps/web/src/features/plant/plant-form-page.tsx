import { SaveOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import { DEFAULT_TIMEZONE, type DongleSecret, type StationDetail } from '@pvstar/contract/station';
import { Alert, App, Button, Card, Flex, Form, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { plantLinks } from '../../components/page-links.ts';
import { useLeaveForm } from '../../components/use-back.ts';
import { usePerm } from '../../permissions/perm.tsx';
import { useCanManage } from '../../permissions/use-can-manage.ts';
import { useSession } from '../../stores/session.ts';
import { usePlantDetail, useSavePlant } from './api/plant-api.ts';
import { DevicesEditor } from './components/devices-editor.tsx';
import { showPlantErrors } from './components/form-errors.ts';
import { PlantBasicCard } from './components/plant-basic-card.tsx';
import { fromDetail, type PlantFormValues, toBody } from './components/plant-form-values.ts';
import { PlantLocationCard } from './components/plant-location-card.tsx';
import { PlantOwnerCard } from './components/plant-owner-card.tsx';
import { SecretModal } from './components/secret-modal.tsx';

function StationForm({ plant }: { plant: StationDetail | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<PlantFormValues>();
  const leave = useLeaveForm(form, plantLinks.list());
  const save = useSavePlant();
  const canSeeDetail = usePerm([PERM.stationDetail]);
  const user = useSession((s) => s.userInfo?.user);
  const [secrets, setSecrets] = useState<{ id: number; list: DongleSecret[] } | null>(null);

  const initialValues: Partial<PlantFormValues> = plant
    ? fromDetail(plant)
    : {
        stationType: 'PHOTOVOLTAIC',
        currency: 'EUR',
        countryCode: 'DE',
        timezone: DEFAULT_TIMEZONE.DE,
        orgId: user?.orgId,
        contactType: 'EMAIL',
        devices: {
          dongles: [
            {
              networkingMode: 'WIFI',
              inverters: [{ inverterType: 'SINGLE_PHASE' }],
              batteries: [],
              meters: [],
            },
          ],
        },
      };

  const done = (id: number) =>
    navigate(canSeeDetail ? plantLinks.detail(id) : plantLinks.list(), { replace: true });

  const submit = async (values: PlantFormValues) => {
    try {
      const body = toBody(values);
      const res = await save.mutateAsync(plant ? { id: plant.id, ...body } : body);
      message.success(t('common:saved'));
      if (res.dongles.length) setSecrets({ id: res.id, list: res.dongles });
      else done(res.id);
    } catch (err) {
      showPlantErrors(form, err, message);
    }
  };

  return (
    <>
      <Form<PlantFormValues>
        form={form}
        name="station-form"
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        onFinishFailed={({ errorFields }) =>
          errorFields[0] && form.scrollToField(errorFields[0].name, { block: 'center' })
        }
        scrollToFirstError={false}
        disabled={save.isPending}
      >
        <Flex vertical gap={16}>
          <PlantBasicCard plant={plant} onBack={leave} />

          <PlantLocationCard />

          <Card title={t('plant:form.devices')}>
            {plant && (
              <Alert
                type="info"
                showIcon
                title={t('plant:form.devicesEditHint')}
                style={{ marginBottom: 12 }}
              />
            )}
            <DevicesEditor existingDongles={plant?.dongles.map((d) => d.sn)} />
          </Card>

          <PlantOwnerCard plant={plant} />

          <Card size="small">
            <Flex justify="flex-end">
              <Space>
                <Button onClick={leave} data-testid="form-cancel">
                  {t('system:action.cancel')}
                </Button>
                <Button
                  type="primary"
                  htmlType="submit"
                  icon={<SaveOutlined />}
                  loading={save.isPending}
                  data-testid="station-save"
                >
                  {t('system:action.save')}
                </Button>
              </Space>
            </Flex>
          </Card>
        </Flex>
      </Form>
      <SecretModal
        secrets={secrets?.list ?? null}
        closeText={t('plant:secret.continue')}
        onClose={() => {
          const id = secrets!.id;
          setSecrets(null);
          done(id);
        }}
      />
    </>
  );
}

/** Plant center → add plant (/station/monitor/add), and edit with ?id=. */
export default function PlantFormPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const detail = usePlantDetail(id);
  // Guests and owners reach this page by its code, yet only look: say so instead of a form that fails.
  const allowed = useCanManage([id === null ? PERM.stationAdd : PERM.stationEdit]);
  if (!allowed)
    return <Result status="403" title={t('app:errors.forbiddenTitle')} subTitle={t('plant:form.viewOnly')} />;
  if (id === null) return <StationForm key="new" plant={null} />;
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (detail.isError) return <Result status="404" title={t('plant:info.notFound')} />;
  return <StationForm key={id} plant={detail.data} />;
}
