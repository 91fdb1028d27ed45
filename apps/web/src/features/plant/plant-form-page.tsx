import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { CONTACT_TYPES, STATION_TYPES } from '@pvstar/contract/enum-values';
import type { StationType } from '@pvstar/contract/enums';
import { PERM } from '@pvstar/contract/perm';
import {
  azimuthSchema,
  capacitySchema,
  DEFAULT_TIMEZONE,
  type DongleSecret,
  latitudeSchema,
  longitudeSchema,
  priceSchema,
  type StationAddBody,
  type StationDetail,
  stationNameSchema,
  tiltSchema,
} from '@pvstar/contract/station';
import { emailSchema, phoneSchema } from '@pvstar/contract/validation';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Radio,
  Result,
  Select,
  Skeleton,
  Space,
  TreeSelect,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormGrid } from '../../components/form-grid.tsx';
import { stationTypeLabel } from '../../components/monitor-labels.ts';
import { NumberInput } from '../../components/number-input.tsx';
import { toOrgSelectData } from '../../components/org-tree.ts';
import { plantLinks } from '../../components/page-links.ts';
import { useLeaveForm } from '../../components/use-back.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { usePerm } from '../../permissions/perm.tsx';
import { useCanManage } from '../../permissions/use-can-manage.ts';
import { useSession } from '../../stores/session.ts';
import { useAreas, usePlantDetail, usePlantOrgTree, useSavePlant } from './api/plant-api.ts';
import { DevicesEditor } from './components/devices-editor.tsx';
import { showPlantErrors } from './components/form-errors.ts';
import { LocationMap } from './components/location-map.tsx';
import { PictureField } from './components/picture-field.tsx';
import { SecretModal } from './components/secret-modal.tsx';

/** Currencies of the countries plants are in; the plant's prices are in one of them. */
const CURRENCIES = [
  'EUR',
  'CHF',
  'GBP',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'SEK',
  'DKK',
  'NOK',
  'ISK',
  'TRY',
  'UAH',
  'CNY',
  'JPY',
  'KRW',
  'INR',
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'BRL',
  'ZAR',
];
const TIME_ZONES: string[] = (
  Intl as unknown as { supportedValuesOf?: (k: string) => string[] }
).supportedValuesOf?.('timeZone') ?? ['UTC', ...Object.values(DEFAULT_TIMEZONE)];

type DeviceForm = {
  sn?: string;
  inverterType?: string;
  ratedPower?: number | null;
  manufacturer?: string;
  model?: string;
  deviceAddress?: number | null;
};
interface FormValues {
  stationName: string;
  stationType: StationType;
  installedCapacity: number;
  energyStorage?: number | null;
  gridConnectionTime?: Dayjs | null;
  buildDate?: Dayjs | null;
  angleOfRoll?: number | null;
  azimuth?: number | null;
  onlineElectrovalence?: number | null;
  buyElectrovalence?: number | null;
  currency: string;
  stationPicture?: string | null;
  orgId?: number;
  countryCode: string;
  regionCode?: string | null;
  detailAddress?: string;
  latitude: number;
  longitude: number;
  timezone?: string;
  devices: {
    dongles: {
      sn?: string;
      networkingMode: 'WIFI' | 'ETHERNET';
      inverters?: DeviceForm[];
      batteries?: DeviceForm[];
      meters?: DeviceForm[];
    }[];
  };
  ownerName?: string;
  contactType?: 'MOBILE' | 'EMAIL' | null;
  contactInformation?: string;
}

const blank = (v: string | null | undefined) => v?.trim() || null;

/** The request body from the form: dates as days, blanks as null, the owner group all or nothing. */
function toBody(v: FormValues): StationAddBody {
  const hasOwner = !!blank(v.ownerName) || !!blank(v.contactInformation);
  return {
    stationName: v.stationName.trim(),
    stationType: v.stationType,
    installedCapacity: v.installedCapacity,
    energyStorage: v.energyStorage ?? null,
    gridConnectionTime: v.gridConnectionTime ? v.gridConnectionTime.format('YYYY-MM-DD') : null,
    buildDate: v.buildDate ? v.buildDate.format('YYYY-MM-DD') : null,
    angleOfRoll: v.angleOfRoll ?? null,
    azimuth: v.azimuth ?? null,
    onlineElectrovalence: v.onlineElectrovalence ?? null,
    buyElectrovalence: v.buyElectrovalence ?? null,
    currency: v.currency,
    stationPicture: v.stationPicture || null,
    orgId: v.orgId ?? null,
    countryCode: v.countryCode,
    regionCode: v.regionCode || null,
    detailAddress: blank(v.detailAddress),
    latitude: v.latitude,
    longitude: v.longitude,
    timezone: v.timezone || null,
    devices: {
      dongles: (v.devices?.dongles ?? []).map((d) => ({
        sn: d.sn ?? '',
        networkingMode: d.networkingMode,
        inverters: (d.inverters ?? []).map((x) => ({
          sn: x.sn ?? '',
          inverterType: x.inverterType as 'SINGLE_PHASE',
          ratedPower: x.ratedPower ?? null,
          deviceAddress: x.deviceAddress ?? null,
        })),
        batteries: (d.batteries ?? []).map((x) => ({
          sn: x.sn ?? '',
          manufacturer: blank(x.manufacturer),
          model: blank(x.model),
          deviceAddress: x.deviceAddress ?? null,
        })),
        meters: (d.meters ?? []).map((x) => ({ sn: x.sn ?? '', deviceAddress: x.deviceAddress ?? null })),
      })),
    },
    ownerName: hasOwner ? blank(v.ownerName) : null,
    contactType: hasOwner ? (v.contactType ?? null) : null,
    contactInformation: hasOwner ? blank(v.contactInformation) : null,
  };
}

/** The form's values of a stored plant (the contact stays empty: it is shown masked and kept unless retyped). */
function fromDetail(p: StationDetail): Partial<FormValues> {
  return {
    stationName: p.stationName,
    stationType: p.stationType,
    installedCapacity: p.installedCapacity,
    energyStorage: p.energyStorage,
    gridConnectionTime: p.gridConnectionTime ? dayjs(p.gridConnectionTime) : null,
    buildDate: p.buildDate ? dayjs(p.buildDate) : null,
    angleOfRoll: p.angleOfRoll,
    azimuth: p.azimuth,
    onlineElectrovalence: p.onlineElectrovalence,
    buyElectrovalence: p.buyElectrovalence,
    currency: p.currency,
    stationPicture: p.stationPicture,
    orgId: p.orgId,
    countryCode: p.countryCode ?? 'DE',
    regionCode: p.regionCode,
    detailAddress: p.detailAddress ?? '',
    latitude: p.latitude ?? undefined,
    longitude: p.longitude ?? undefined,
    timezone: p.timezone,
    devices: {
      dongles: p.dongles.map((g) => ({
        sn: g.sn,
        networkingMode: g.networkingMode,
        inverters: g.devices
          .filter((d) => d.kind === 'INVERTER')
          .map((d) => ({
            sn: d.sn,
            inverterType: d.inverterType ?? 'SINGLE_PHASE',
            ratedPower: d.ratedPower,
            deviceAddress: d.deviceAddress,
          })),
        batteries: g.devices
          .filter((d) => d.kind === 'BATTERY')
          .map((d) => ({
            sn: d.sn,
            manufacturer: d.manufacturer ?? '',
            model: d.model ?? '',
            deviceAddress: d.deviceAddress,
          })),
        meters: g.devices
          .filter((d) => d.kind === 'METER')
          .map((d) => ({ sn: d.sn, deviceAddress: d.deviceAddress })),
      })),
    },
    ownerName: p.ownerName ?? '',
    contactType: p.contactType ?? 'EMAIL',
    contactInformation: '',
  };
}

function StationForm({ plant }: { plant: StationDetail | null }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const leave = useLeaveForm(form, plantLinks.list());
  const save = useSavePlant();
  const canSeeDetail = usePerm([PERM.stationDetail]);
  const user = useSession((s) => s.userInfo?.user);
  const orgTree = usePlantOrgTree();
  const [secrets, setSecrets] = useState<{ id: number; list: DongleSecret[] } | null>(null);

  const country = Form.useWatch('countryCode', form);
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const contactType = Form.useWatch('contactType', form) ?? 'EMAIL';
  const currency = Form.useWatch('currency', form);
  const countries = useAreas('0');
  const regions = useAreas(country);

  const regionNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  const countryOptions = (countries.data ?? [])
    .map((c) => ({ value: c.code, label: regionNames?.of(c.code) ?? c.nameEn }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const regionOptions = (regions.data ?? []).map((r) => ({
    value: r.code,
    label: r.nameLocal === r.nameEn ? r.nameEn : `${r.nameLocal} (${r.nameEn})`,
  }));

  const initialValues: Partial<FormValues> = plant
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

  const submit = async (values: FormValues) => {
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

  const required = { required: true, message: t('common:validation.required') };
  const ownerRule = (field: 'ownerName' | 'contactInformation') => ({
    validator: async (_: unknown, value: string | undefined) => {
      const other = form.getFieldValue(field === 'ownerName' ? 'contactInformation' : 'ownerName');
      const keeps = field === 'contactInformation' && !!plant?.contactInformation;
      if (!blank(value) && blank(other) && !keeps) throw new Error(t('common:validation.required'));
    },
  });
  const orgSelectable = toOrgSelectData(orgTree.data ?? []);

  return (
    <>
      <Form<FormValues>
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
          <Card
            title={plant ? t('plant:form.editTitle', { name: plant.stationName }) : t('plant:form.addTitle')}
            extra={
              <Button icon={<ArrowLeftOutlined />} onClick={leave} data-testid="form-back">
                {t('app:action.back')}
              </Button>
            }
          >
            <Card.Meta title={t('plant:form.basic')} style={{ marginBottom: 16 }} />
            <FormGrid>
              <Form.Item
                name="stationName"
                label={t('plant:field.stationName')}
                rules={[zodRule(stationNameSchema, { required: true })]}
                required
              >
                <Input maxLength={100} showCount data-testid="field-stationName" />
              </Form.Item>
              <Form.Item name="stationType" label={t('plant:field.stationType')} rules={[required]}>
                <Select
                  data-testid="field-stationType"
                  options={STATION_TYPES.map((v) => ({
                    value: v,
                    label: stationTypeLabel(t, v),
                  }))}
                />
              </Form.Item>
              <Form.Item name="orgId" label={t('plant:field.orgId')} rules={[required]}>
                <TreeSelect
                  treeData={orgSelectable}
                  treeDefaultExpandAll
                  showSearch={{ treeNodeFilterProp: 'title' }}
                  popupMatchSelectWidth={false}
                  loading={orgTree.isLoading}
                  data-testid="field-orgId"
                />
              </Form.Item>
              <Form.Item
                name="installedCapacity"
                label={t('plant:field.installedCapacity')}
                rules={[zodRule(capacitySchema, { required: true })]}
                required
              >
                <NumberInput
                  min={0}
                  step={0.1}
                  precision={3}
                  suffix="kWp"
                  style={{ width: '100%' }}
                  data-testid="field-installedCapacity"
                />
              </Form.Item>
              <Form.Item
                name="energyStorage"
                label={t('plant:field.energyStorage')}
                dependencies={['stationType']}
                rules={[
                  ({ getFieldValue }) => ({
                    required: getFieldValue('stationType') === 'ENERGY_STORAGE',
                    message: t('common:validation.required'),
                  }),
                  zodRule(capacitySchema),
                ]}
              >
                <NumberInput
                  min={0}
                  step={0.1}
                  precision={3}
                  suffix="kWh"
                  style={{ width: '100%' }}
                  data-testid="field-energyStorage"
                />
              </Form.Item>
              <Form.Item name="gridConnectionTime" label={t('plant:field.gridConnectionTime')}>
                <DatePicker style={{ width: '100%' }} data-testid="field-gridConnectionTime" />
              </Form.Item>
              <Form.Item name="buildDate" label={t('plant:field.buildDate')}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name="angleOfRoll"
                label={t('plant:field.angleOfRoll')}
                rules={[zodRule(tiltSchema)]}
                extra={t('plant:hint.tilt')}
              >
                <NumberInput
                  step={1}
                  precision={1}
                  suffix="°"
                  style={{ width: '100%' }}
                  data-testid="field-angleOfRoll"
                />
              </Form.Item>
              <Form.Item
                name="azimuth"
                label={t('plant:field.azimuth')}
                rules={[zodRule(azimuthSchema)]}
                extra={t('plant:hint.azimuth')}
              >
                <NumberInput
                  step={1}
                  precision={1}
                  suffix="°"
                  style={{ width: '100%' }}
                  data-testid="field-azimuth"
                />
              </Form.Item>
              <Form.Item name="currency" label={t('plant:field.currency')} rules={[required]}>
                <Select showSearch options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
              </Form.Item>
              <Form.Item
                name="onlineElectrovalence"
                label={t('plant:field.onlineElectrovalence')}
                rules={[zodRule(priceSchema)]}
              >
                <NumberInput
                  min={0}
                  step={0.01}
                  precision={4}
                  suffix={`${currency ?? 'EUR'}/kWh`}
                  style={{ width: '100%' }}
                />
              </Form.Item>
              <Form.Item
                name="buyElectrovalence"
                label={t('plant:field.buyElectrovalence')}
                rules={[zodRule(priceSchema)]}
              >
                <NumberInput
                  min={0}
                  step={0.01}
                  precision={4}
                  suffix={`${currency ?? 'EUR'}/kWh`}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </FormGrid>
            <Form.Item name="stationPicture" label={t('plant:field.stationPicture')}>
              <PictureField />
            </Form.Item>
          </Card>

          <Card title={t('plant:form.location')}>
            <Flex gap={24} wrap>
              <div style={{ flex: '1 1 360px', minWidth: 0 }}>
                <FormGrid minColumnWidth={200}>
                  <Form.Item name="countryCode" label={t('plant:field.countryCode')} rules={[required]}>
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      options={countryOptions}
                      loading={countries.isLoading}
                      data-testid="field-countryCode"
                      onChange={(code: string) =>
                        form.setFieldsValue({
                          regionCode: null,
                          timezone: DEFAULT_TIMEZONE[code] ?? form.getFieldValue('timezone'),
                        })
                      }
                    />
                  </Form.Item>
                  <Form.Item name="regionCode" label={t('plant:field.regionCode')}>
                    <Select
                      allowClear
                      showSearch={{ optionFilterProp: 'label' }}
                      options={regionOptions}
                      loading={regions.isLoading}
                      disabled={!country || regionOptions.length === 0}
                      data-testid="field-regionCode"
                    />
                  </Form.Item>
                  <Form.Item
                    name="latitude"
                    label={t('plant:field.latitude')}
                    rules={[zodRule(latitudeSchema, { required: true })]}
                    required
                  >
                    <NumberInput
                      step={0.0001}
                      precision={6}
                      trimZeros
                      style={{ width: '100%' }}
                      data-testid="field-latitude"
                    />
                  </Form.Item>
                  <Form.Item
                    name="longitude"
                    label={t('plant:field.longitude')}
                    rules={[zodRule(longitudeSchema, { required: true })]}
                    required
                  >
                    <NumberInput
                      step={0.0001}
                      precision={6}
                      trimZeros
                      style={{ width: '100%' }}
                      data-testid="field-longitude"
                    />
                  </Form.Item>
                  <Form.Item name="timezone" label={t('plant:field.timezone')}>
                    <Select
                      showSearch
                      options={TIME_ZONES.map((z) => ({ value: z, label: z }))}
                      data-testid="field-timezone"
                    />
                  </Form.Item>
                </FormGrid>
                <Form.Item name="detailAddress" label={t('plant:field.detailAddress')}>
                  <Input.TextArea
                    maxLength={255}
                    autoSize={{ minRows: 2, maxRows: 4 }}
                    data-testid="field-detailAddress"
                  />
                </Form.Item>
              </div>
              <div style={{ flex: '1 1 320px', minWidth: 0 }}>
                <LocationMap
                  latitude={latitude}
                  longitude={longitude}
                  onPick={(lat, lng) => {
                    form.setFieldsValue({ latitude: lat, longitude: lng });
                    void form.validateFields(['latitude', 'longitude']);
                  }}
                />
              </div>
            </Flex>
          </Card>

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

          <Card title={t('plant:form.owner')}>
            <Alert type="info" showIcon title={t('plant:form.ownerHint')} style={{ marginBottom: 12 }} />
            <FormGrid>
              <Form.Item
                name="ownerName"
                label={t('plant:field.ownerName')}
                dependencies={['contactInformation']}
                rules={[
                  ownerRule('ownerName'),
                  { max: 64, message: t('common:validation.length', { min: 1, max: 64 }) },
                ]}
              >
                <Input maxLength={64} data-testid="field-ownerName" />
              </Form.Item>
              <Form.Item name="contactType" label={t('plant:field.contactType')}>
                <Radio.Group
                  optionType="button"
                  options={CONTACT_TYPES.map((v) => ({
                    value: v,
                    label: v === 'EMAIL' ? t('plant:contactType.EMAIL') : t('plant:contactType.MOBILE'),
                  }))}
                />
              </Form.Item>
              <Form.Item
                name="contactInformation"
                label={t('plant:field.contactInformation')}
                dependencies={['ownerName', 'contactType']}
                extra={
                  plant?.contactInformation
                    ? t('plant:form.contactKept', { masked: plant.contactInformation })
                    : undefined
                }
                rules={[
                  ownerRule('contactInformation'),
                  zodRule(contactType === 'EMAIL' ? emailSchema : phoneSchema),
                ]}
                normalize={(v: string) => (contactType === 'MOBILE' ? v.replace(/[^\d+]/g, '') : v)}
              >
                <Input
                  maxLength={254}
                  placeholder={
                    plant?.contactInformation ??
                    (contactType === 'EMAIL' ? 'name@example.com' : '+49 170 1234567')
                  }
                  data-testid="field-contactInformation"
                />
              </Form.Item>
            </FormGrid>
          </Card>

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
