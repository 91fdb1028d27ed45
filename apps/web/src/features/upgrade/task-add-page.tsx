import { ArrowLeftOutlined } from '@ant-design/icons';
import type { FirmwareRow } from '@pvstar/contract/firmware';
import { PERM } from '@pvstar/contract/perm';
import { Button, Card, Descriptions, Flex, Form, type FormInstance, Input, message, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showFormError } from '../../components/form-errors.ts';
import { upgradeLinks } from '../../components/page-links.ts';
import { usePerm } from '../../permissions/perm.tsx';
import { useSettings } from '../../stores/settings.ts';
import { useEnabledPrograms } from './api/program-api.ts';
import { useAddTask } from './api/task-api.ts';
import { TaskDevicesField, TaskNameFields, TaskStartFields } from './components/task-form-fields.tsx';
import { firmwareTypeLabel, RollbackAlert } from './upgrade-labels.tsx';
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

/** The task form's state: the program, the devices picked for it, and the submission. */
function useTaskAdd(form: FormInstance<FormValues>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const programs = useEnabledPrograms();
  const add = useAddTask();
  const canDetail = usePerm([PERM.upgradeDetail]);
  const programId = Form.useWatch('programId', form);
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
  return {
    programs,
    program,
    candidateFilter,
    sn,
    setSn,
    selected,
    select,
    setSelected,
    devicesError,
    submit,
    add,
  };
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
  const {
    programs,
    program,
    candidateFilter,
    setSn,
    selected,
    select,
    setSelected,
    devicesError,
    submit,
    add,
  } = useTaskAdd(form);

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
        <TaskNameFields programs={programs} />
        {program && <ProgramSummary program={program} />}

        <TaskDevicesField
          candidateFilter={candidateFilter}
          program={program}
          selected={selected}
          select={select}
          setSn={setSn}
          devicesError={devicesError}
        />

        <TaskStartFields />
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
