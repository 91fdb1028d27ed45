import { ArrowLeftOutlined } from '@ant-design/icons';
import { upgrade } from '@pvstar/contract/endpoints/upgrade';
import { DeviceStatusSchema } from '@pvstar/contract/enums';
import type { FirmwareRow, UpgradeCandidateRow } from '@pvstar/contract/firmware';
import { PERM } from '@pvstar/contract/perm';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  message,
  Radio,
  Row,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { showFormError } from '../../components/form-errors.ts';
import { DeviceStatusTag } from '../../components/monitor-tags.tsx';
import { NumberInput } from '../../components/number-input.tsx';
import { upgradeLinks } from '../../components/page-links.ts';
import { PageTable } from '../../components/page-table.tsx';
import { usePerm } from '../../permissions/perm.tsx';
import { useSettings } from '../../stores/settings.ts';
import { useEnabledPrograms } from './api/program-api.ts';
import { useAddTask } from './api/task-api.ts';
import { firmwareTypeLabel, programName, RollbackAlert } from './upgrade-labels.tsx';
import { descLangOf } from './upgrade-logic.ts';

interface FormValues {
  name?: string;
  programId?: number;
  startMode: 'now' | 'at';
  startAt?: Dayjs;
  firstBatchPercent: number;
  successThreshold: number;
  remark?: string;
}

const INITIAL: FormValues = { startMode: 'now', firstBatchPercent: 100, successThreshold: 90 };

/** The chosen program: what it is and what its description says, in the reader's language. */
function ProgramSummary({ program }: { program: FirmwareRow }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const local = program.descriptions[descLangOf(lang)];
  return (
    <>
      {program.rollback && (
        <RollbackAlert version={program.version} mark={program.rollback} testId="task-program-rollback" />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 4 }}
        style={{ marginBottom: 16 }}
        data-testid="task-program-summary"
        items={[
          { key: 'manufacturer', label: t('upgrade:program.manufacturer'), children: program.manufacturer },
          {
            key: 'type',
            label: t('upgrade:program.firmwareType'),
            children: firmwareTypeLabel(t, program.firmwareType),
          },
          { key: 'version', label: t('upgrade:program.version'), children: program.version },
          {
            key: 'models',
            label: t('upgrade:program.models'),
            children: program.models?.join(', ') ?? '—',
          },
          {
            key: 'supported',
            label: t('upgrade:program.supported'),
            children: program.supportAll
              ? t('upgrade:program.supportAll')
              : t('upgrade:program.supportedCount', { count: program.supportedCount }),
          },
          {
            key: 'description',
            label: t('upgrade:program.description'),
            span: 'filled',
            children: (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {local || program.description}
              </Typography.Paragraph>
            ),
          },
        ]}
      />
    </>
  );
}

/**
 * Firmware upgrade → add upgrade (2009001001): a name, an enabled program, the devices it may go to
 * (picked across pages), when to start, and the staged rollout: the first batch's share and the
 * success rate it must reach before the rest follow.
 */
export default function TaskAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const programs = useEnabledPrograms();
  const add = useAddTask();
  const canDetail = usePerm([PERM.upgradeDetail]);
  const programId = Form.useWatch('programId', form);
  const startMode = Form.useWatch('startMode', form) ?? 'now';
  const firstBatch = Form.useWatch('firstBatchPercent', form) ?? 100;
  const [sn, setSn] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [devicesError, setDevicesError] = useState<string | null>(null);
  const program = programs.data?.find((p) => p.id === programId);
  const candidateFilter = useMemo(
    () => (programId ? { programId, ...(sn ? { sn } : {}) } : null),
    [programId, sn],
  );

  const select = (ids: number[]) => {
    setSelected(ids);
    if (ids.length > 0) setDevicesError(null);
  };

  const columns: ColumnsType<UpgradeCandidateRow> = [
    {
      title: t('upgrade:device.sn'),
      dataIndex: 'sn',
      render: (v: string) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{v}</span>,
    },
    { title: t('upgrade:device.model'), dataIndex: 'model', render: (v: string | null) => v ?? '—' },
    {
      title: t('upgrade:device.plant'),
      dataIndex: 'plantName',
      render: (v: string) => <EllipsisText text={v} maxWidth={220} />,
    },
    {
      title: t('upgrade:device.status'),
      dataIndex: 'status',
      render: (v: string) => {
        const known = DeviceStatusSchema.safeParse(v);
        return known.success ? <DeviceStatusTag status={known.data} /> : v;
      },
    },
    {
      title: t('upgrade:device.currentVersion'),
      dataIndex: 'currentVersion',
      render: (v: string | null, row) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <span style={{ fontFamily: 'monospace' }}>{v ?? '—'}</span>
          {row.downgrade && (
            <Tooltip title={program?.rollback ? undefined : t('upgrade:add.downgradeRefused')}>
              <Tag
                color={program?.rollback ? 'volcano' : 'default'}
                data-testid={`task-candidate-downgrade-${row.sn}`}
              >
                {t('upgrade:add.downgrade')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    const noDevices = selected.length === 0;
    if (noDevices) setDevicesError(t('upgrade:add.noDevices'));
    if (!values || noDevices) return;
    try {
      const { id } = await add.mutateAsync({
        name: values.name!.trim(),
        programId: values.programId!,
        targetIds: selected,
        startAt: values.startMode === 'at' && values.startAt ? values.startAt.toISOString() : null,
        firstBatchPercent: values.firstBatchPercent,
        successThreshold: values.successThreshold,
        remark: values.remark?.trim() || null,
      });
      message.success(t('upgrade:add.created'));
      navigate(canDetail ? upgradeLinks.detail(id) : upgradeLinks.list(), { replace: true });
    } catch (err) {
      showFormError(form, err);
    }
  };

  return (
    <Card
      title={t('upgrade:add.title')}
      extra={
        <Button
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate(upgradeLinks.list())}
          data-testid="task-back"
        >
          {t('app:action.back')}
        </Button>
      }
    >
      <Form<FormValues>
        form={form}
        name="task-form"
        layout="vertical"
        requiredMark
        initialValues={INITIAL}
        onValuesChange={(changed: Partial<FormValues>) => {
          // Another program goes to other devices.
          if ('programId' in changed) {
            setSelected([]);
            setSn('');
          }
        }}
        data-testid="task-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item
              name="name"
              label={t('upgrade:task.name')}
              rules={[{ required: true, whitespace: true, message: t('common:validation.required') }]}
            >
              <Input maxLength={64} showCount data-testid="task-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item
              name="programId"
              label={t('upgrade:task.program')}
              rules={[{ required: true, message: t('upgrade:add.chooseProgram') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={programs.isLoading}
                placeholder={t('upgrade:add.chooseProgram')}
                notFoundContent={
                  programs.isError ? (
                    programs.error.message
                  ) : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upgrade:add.noPrograms')} />
                  )
                }
                options={(programs.data ?? []).map((p) => ({ value: p.id, label: programName(t, p) }))}
                data-testid="task-program"
              />
            </Form.Item>
          </Col>
        </Row>
        {program && <ProgramSummary program={program} />}

        <Form.Item label={t('upgrade:add.devices')} required>
          {candidateFilter ? (
            <Flex vertical gap={8}>
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Input.Search
                  allowClear
                  maxLength={32}
                  placeholder={t('upgrade:device.sn')}
                  style={{ width: 240 }}
                  onSearch={(value) => setSn(value.trim())}
                  // Enter searches the devices; it must not submit the task form around it.
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.preventDefault();
                  }}
                  data-testid="task-candidate-sn"
                />
                <Space size={4}>
                  <Typography.Text data-testid="task-selected-count" data-count={selected.length}>
                    {t('upgrade:add.selected', { count: selected.length })}
                  </Typography.Text>
                  {selected.length > 0 && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => select([])}
                      data-testid="task-clear-selection"
                    >
                      {t('upgrade:add.clearSelection')}
                    </Button>
                  )}
                </Space>
              </Flex>
              <PageTable
                endpoint={upgrade.candidates}
                filter={candidateFilter}
                columns={columns}
                size="small"
                rowSelection={{
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => select(keys as number[]),
                  // Going back to an older version needs a program a provider marked as a rollback.
                  getCheckboxProps: (row) => ({ disabled: row.downgrade && !program?.rollback }),
                }}
                data-testid="task-candidates"
              />
              {devicesError && (
                <Alert type="error" showIcon title={devicesError} data-testid="task-devices-error" />
              )}
            </Flex>
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('upgrade:add.programFirst')}
              data-testid="task-candidates-empty"
            />
          )}
        </Form.Item>

        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="startMode" label={t('upgrade:add.start')}>
              <Radio.Group>
                <Radio value="now" data-testid="task-start-now">
                  {t('upgrade:add.startNow')}
                </Radio>
                <Radio value="at" data-testid="task-start-at">
                  {t('upgrade:add.startAt')}
                </Radio>
              </Radio.Group>
            </Form.Item>
            {startMode === 'at' && (
              <Form.Item
                name="startAt"
                label={t('upgrade:add.startTime')}
                rules={[
                  { required: true, message: t('common:validation.required') },
                  {
                    validator: async (_rule, value: Dayjs | undefined) => {
                      if (value && !value.isAfter(dayjs())) throw new Error(t('upgrade:add.startInPast'));
                    },
                  },
                ]}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                  data-testid="task-start-time"
                />
              </Form.Item>
            )}
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="firstBatchPercent"
              label={t('upgrade:add.firstBatch')}
              tooltip={t('upgrade:add.firstBatchHint')}
              rules={[{ required: true, message: t('common:validation.required') }]}
            >
              <NumberInput
                min={1}
                max={100}
                precision={0}
                suffix="%"
                style={{ width: '100%' }}
                data-testid="task-first-batch"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="successThreshold"
              label={t('upgrade:task.threshold')}
              tooltip={t('upgrade:add.thresholdHint')}
              extra={firstBatch >= 100 ? t('upgrade:add.thresholdUnused') : undefined}
              rules={[{ required: true, message: t('common:validation.required') }]}
            >
              <NumberInput
                min={0}
                max={100}
                precision={0}
                suffix="%"
                style={{ width: '100%' }}
                data-testid="task-threshold"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remark" label={t('upgrade:add.remark')}>
          <Input.TextArea
            maxLength={200}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="task-remark"
          />
        </Form.Item>
        <Flex justify="flex-end" gap={8}>
          <Button onClick={() => navigate(upgradeLinks.list())}>{t('system:action.cancel')}</Button>
          <Button type="primary" loading={add.isPending} onClick={submit} data-testid="task-submit">
            {t('upgrade:add.submit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
