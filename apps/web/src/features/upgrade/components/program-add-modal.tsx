import {
  type FirmwareDescriptions,
  type FirmwareManifest,
  type FirmwareStatus,
  FirmwareStatusSchema,
} from '@pvstar/contract/firmware';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Form,
  Modal,
  message,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { showFormError } from '../../../components/form-errors.ts';
import { useAddProgram, useManufacturerOptions } from '../api/program-api.ts';
import { firmwareTypeLabel, programStatusLabel } from '../upgrade-labels.tsx';
import { BinUploadView, binError, useBinUpload } from './bin-upload.tsx';
import { DescriptionFields } from './description-fields.tsx';
import { SnSheetView, snError, useSnSheet } from './sn-sheet-field.tsx';
import { useUploadGuard } from './upload-guard.ts';

interface FormValues {
  manufacturerId?: number;
  status: FirmwareStatus;
  description?: string;
  descriptions?: Partial<FirmwareDescriptions>;
  descriptionsConfirmed?: boolean;
  supportAll: boolean;
}

const INITIAL: FormValues = { status: 'ENABLED', supportAll: true, descriptionsConfirmed: false };

/** What the manufacturer signed about the uploaded image: the program's type, version and models. */
function ManifestSummary({ manifest }: { manifest: FirmwareManifest | null }) {
  const { t } = useTranslation();
  if (!manifest)
    return (
      <Typography.Paragraph type="secondary" data-testid="program-manifest-first">
        {t('upgrade:program.manifestFirst')}
      </Typography.Paragraph>
    );
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 3 }}
      title={t('upgrade:program.fromManifest')}
      style={{ marginBottom: 16 }}
      data-testid="program-manifest-summary"
      items={[
        {
          key: 'type',
          label: t('upgrade:program.firmwareType'),
          children: (
            <span data-testid="program-manifest-type">{firmwareTypeLabel(t, manifest.firmwareType)}</span>
          ),
        },
        {
          key: 'version',
          label: t('upgrade:program.version'),
          children: (
            <span style={{ fontFamily: 'monospace' }} data-testid="program-manifest-version">
              {manifest.version}
            </span>
          ),
        },
        {
          key: 'models',
          label: t('upgrade:program.models'),
          children: <span data-testid="program-manifest-models">{manifest.models.join(', ')}</span>,
        },
      ]}
    />
  );
}

/** The dialog's state: the form, the image and serial-number uploads, and the submit. */
function useProgramAdd(onClose: () => void) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const add = useAddProgram();
  const manufacturers = useManufacturerOptions();
  const sn = useSnSheet();
  const manufacturerId = Form.useWatch('manufacturerId', form);
  const bin = useBinUpload(manufacturerId);
  const supportAll = Form.useWatch('supportAll', form) ?? true;
  const locked = !manufacturerId;
  const [taken, setTaken] = useState<string | null>(null);
  const busy = bin.busy;
  useUploadGuard(busy);

  const close = () => {
    if (!busy) onClose();
  };

  const submit = async () => {
    // Nothing else can be filled in yet: only the manufacturer is asked for.
    if (locked) {
      await form.validateFields(['manufacturerId']).catch(() => undefined);
      return;
    }
    let values: FormValues | null = null;
    try {
      values = await form.validateFields();
    } catch {
      values = null;
    }
    const fileId = bin.state.phase === 'done' ? bin.state.file.fileId : null;
    setTaken(null);
    if (!fileId && bin.state.phase !== 'failed') bin.markMissing();
    const sns = sn.state.phase === 'done' ? sn.state.sns : null;
    const snMissing = values !== null && !values.supportAll && !sns;
    if (snMissing && sn.state.phase !== 'failed') sn.markMissing();
    if (!values || !fileId || snMissing) return;
    try {
      await add.mutateAsync({
        manufacturerId: values.manufacturerId!,
        status: values.status,
        description: values.description!.trim(),
        descriptions: values.descriptions as FirmwareDescriptions,
        descriptionsConfirmed: true,
        supportAll: values.supportAll,
        supportedSns: values.supportAll ? [] : sns!,
        fileId,
      });
      message.success(t('upgrade:program.added'));
      onClose();
    } catch (err) {
      // The same manufacturer, type and version (the manifest's) already exists.
      if (err instanceof ApiError && err.code === 409) {
        setTaken(err.message);
        return;
      }
      showFormError(form, err);
    }
  };

  const fileHelp = taken ?? binError(bin.state);
  const manifest = bin.state.phase === 'done' ? bin.state.file.manifest : null;
  const snHelp = snError(sn.state);

  return {
    t,
    form,
    add,
    manufacturers,
    sn,
    bin,
    supportAll,
    locked,
    busy,
    close,
    submit,
    fileHelp,
    manifest,
    snHelp,
  };
}

/**
 * "Add Device Program" (requirements §R9.2, §R9.3): the manufacturer first (everything else waits for it),
 * then the .bin image and its signed manifest, sent with a progress bar — the firmware type, version and
 * models are the manifest's, shown read-only, never typed —, the status, the supported devices (all, or a
 * serial-number list) and the descriptions in every language confirmed complete. While the image is on
 * its way the dialog cannot be closed and leaving the page is held back. Mounted only while open, so
 * every opening starts empty.
 */
export function ProgramAddModal({ onClose }: { onClose: () => void }) {
  const {
    t,
    form,
    add,
    manufacturers,
    sn,
    bin,
    supportAll,
    locked,
    busy,
    close,
    submit,
    fileHelp,
    manifest,
    snHelp,
  } = useProgramAdd(onClose);

  return (
    <Modal
      open
      width={880}
      title={t('upgrade:program.addTitle')}
      onCancel={close}
      closable={!busy}
      mask={{ closable: false }}
      keyboard={!busy}
      // The footer stays in view while the long form scrolls.
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', paddingInlineEnd: 8 } }}
      footer={<ProgramAddFooter close={close} submit={submit} busy={busy} pending={add.isPending} />}
    >
      <Form<FormValues>
        form={form}
        name="program-form"
        layout="vertical"
        requiredMark
        initialValues={INITIAL}
        data-testid="program-form"
      >
        <ManufacturerFields locked={locked} busy={busy} manufacturers={manufacturers} />
        <Form.Item
          label={t('upgrade:file.label')}
          required
          validateStatus={fileHelp ? 'error' : undefined}
          help={fileHelp}
        >
          <BinUploadView
            state={bin.state}
            image={bin.image}
            manifest={bin.manifest}
            onPick={bin.pick}
            onPickManifest={bin.pickManifest}
            disabled={locked}
          />
        </Form.Item>
        <ManifestSummary manifest={manifest} />
        <SupportFields locked={locked} busy={busy} supportAll={supportAll} sn={sn} snHelp={snHelp} />
        <DescriptionFields disabled={locked} />
      </Form>
    </Modal>
  );
}

function ProgramAddFooter({
  close,
  submit,
  busy,
  pending,
}: {
  close: () => void;
  submit: () => void;
  busy: boolean;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button onClick={close} disabled={busy} data-testid="program-cancel">
        {t('system:action.cancel')}
      </Button>
      <Button type="primary" onClick={submit} loading={pending} disabled={busy} data-testid="program-submit">
        {t('system:action.save')}
      </Button>
    </Space>
  );
}

function ManufacturerFields({
  locked,
  busy,
  manufacturers,
}: {
  locked: boolean;
  busy: boolean;
  manufacturers: ReturnType<typeof useManufacturerOptions>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {locked && (
        <Alert
          type="info"
          showIcon
          title={t('upgrade:program.chooseManufacturerFirst')}
          style={{ marginBottom: 16 }}
          data-testid="program-manufacturer-first"
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="manufacturerId"
            label={t('upgrade:program.manufacturer')}
            rules={[{ required: true, message: t('upgrade:program.chooseManufacturerFirst') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={manufacturers.isLoading}
              disabled={busy}
              notFoundContent={manufacturers.isError ? manufacturers.error.message : undefined}
              options={(manufacturers.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
              data-testid="program-manufacturer"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

function SupportFields({
  locked,
  busy,
  supportAll,
  sn,
  snHelp,
}: {
  locked: boolean;
  busy: boolean;
  supportAll: boolean;
  sn: ReturnType<typeof useSnSheet>;
  snHelp: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="status" label={t('upgrade:program.status')}>
            <Radio.Group disabled={locked}>
              {FirmwareStatusSchema.options.map((value) => (
                <Radio key={value} value={value} data-testid={`program-form-status-${value}`}>
                  {programStatusLabel(t, value)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="supportAll" label={t('upgrade:program.supported')}>
            <Radio.Group disabled={locked}>
              <Radio value={true} data-testid="program-support-all">
                {t('upgrade:program.supportAll')}
              </Radio>
              <Radio value={false} data-testid="program-support-partial">
                {t('upgrade:program.supportPartial')}
              </Radio>
            </Radio.Group>
          </Form.Item>
        </Col>
      </Row>
      {!supportAll && (
        <Form.Item
          label={t('upgrade:sn.label')}
          required
          validateStatus={snHelp ? 'error' : undefined}
          help={snHelp}
        >
          <SnSheetView state={sn.state} onPick={sn.pick} disabled={locked || busy} />
        </Form.Item>
      )}
    </>
  );
}
