import { upgrade } from '@pvstar/contract/endpoints/upgrade';
import type { FirmwareRow } from '@pvstar/contract/firmware';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { timeColumnTitle } from '../../../components/format.ts';
import { NumberInput } from '../../../components/number-input.tsx';
import { PageTable } from '../../../components/page-table.tsx';
import type { useEnabledPrograms } from '../api/program-api.ts';
import { programName } from '../upgrade-labels.tsx';
import { useCandidateColumns } from './candidate-columns.tsx';

/** The task's name and its program. */
export function TaskNameFields({ programs }: { programs: ReturnType<typeof useEnabledPrograms> }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The devices the program may go to, picked across pages. */
export function TaskDevicesField({
  candidateFilter,
  program,
  selected,
  select,
  setSn,
  devicesError,
}: {
  candidateFilter: { programId: number; sn?: string } | null;
  program: FirmwareRow | undefined;
  selected: number[];
  select: (ids: number[]) => void;
  setSn: (sn: string) => void;
  devicesError: string | null;
}) {
  const { t } = useTranslation();
  const columns = useCandidateColumns(program);
  return (
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
  );
}

/** When to start, and the staged rollout. */
export function TaskStartFields() {
  const { t } = useTranslation();
  const startMode = Form.useWatch('startMode') ?? 'now';
  const firstBatch = Form.useWatch('firstBatchPercent') ?? 100;
  return (
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
            // The devices may be in other time zones: the picker is on the reader's clock.
            label={timeColumnTitle(t, t('upgrade:add.startTime'), 'yours')}
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
  );
}
