import {
  CheckCircleFilled,
  ClockCircleOutlined,
  EditOutlined,
  FilePdfOutlined,
  MinusCircleOutlined,
  SafetyCertificateOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  type Checklist,
  type ChecklistItem,
  type CommissioningItem,
  type ItemFacts,
  type ItemState,
  NOTE_MAX,
} from '@pvstar/contract/commissioning';
import { App, Button, Card, Flex, Form, Input, Modal, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../components/energy-format.ts';
import { showFormError } from '../../../components/form-errors.ts';
import { formatDateTime } from '../../../components/format.ts';
import { downloadProtocol, useChecklist, useComplete, useTick, useUntick } from '../api/commissioning-api.ts';
import { PictureField } from './picture-field.tsx';
import { PlantPicture } from './plant-picture.tsx';

/** Each item's name and what it asks of the data (literal keys, so the catalogue check finds them). */
const ITEM_TEXT: Record<CommissioningItem, { name: string; hint: string }> = {
  DONGLE_ONLINE: { name: 'commissioning:items.DONGLE_ONLINE', hint: 'commissioning:hint.DONGLE_ONLINE' },
  DEVICES_REPORTING: {
    name: 'commissioning:items.DEVICES_REPORTING',
    hint: 'commissioning:hint.DEVICES_REPORTING',
  },
  CLOCK: { name: 'commissioning:items.CLOCK', hint: 'commissioning:hint.CLOCK' },
  GRID_CODE: { name: 'commissioning:items.GRID_CODE', hint: 'commissioning:hint.GRID_CODE' },
  BATTERY: { name: 'commissioning:items.BATTERY', hint: 'commissioning:hint.BATTERY' },
  FIRST_ENERGY: { name: 'commissioning:items.FIRST_ENERGY', hint: 'commissioning:hint.FIRST_ENERGY' },
  OWNER_INVITED: { name: 'commissioning:items.OWNER_INVITED', hint: 'commissioning:hint.OWNER_INVITED' },
};
const STATE_LABEL: Record<ItemState, string> = {
  PASSED: 'commissioning:state.PASSED',
  TICKED: 'commissioning:state.TICKED',
  OPEN: 'commissioning:state.OPEN',
  NOT_APPLICABLE: 'commissioning:state.NOT_APPLICABLE',
};
const INVITATION_FACT: Record<NonNullable<ItemFacts['invitation']>, string> = {
  ACCOUNT: 'commissioning:facts.ACCOUNT',
  PENDING: 'commissioning:facts.PENDING',
  ACCEPTED: 'commissioning:facts.ACCEPTED',
};
const STATE_COLOR: Record<ItemState, string> = {
  PASSED: 'green',
  TICKED: 'cyan',
  OPEN: 'orange',
  NOT_APPLICABLE: 'default',
};
const STATE_ICON: Record<ItemState, React.ReactNode> = {
  PASSED: <CheckCircleFilled style={{ color: '#52c41a' }} />,
  TICKED: <EditOutlined style={{ color: '#13c2c2' }} />,
  OPEN: <ClockCircleOutlined style={{ color: '#fa8c16' }} />,
  NOT_APPLICABLE: <MinusCircleOutlined style={{ color: '#bfbfbf' }} />,
};

/** What the data showed for an item, in words. */
export function factsText(t: TFunction, item: ChecklistItem): string {
  const f = item.facts;
  const parts: string[] = [];
  if (f.total !== undefined && f.total > 0)
    parts.push(t('commissioning:facts.count', { done: f.done ?? 0, total: f.total }));
  if (item.item === 'GRID_CODE' && f.gridCode) parts.push(f.gridCode);
  if (f.offsetSeconds !== undefined)
    parts.push(t('commissioning:facts.offset', { seconds: formatNumber(f.offsetSeconds, 0) }));
  if (f.kwh !== undefined) parts.push(t('commissioning:facts.kwh', { kwh: formatNumber(f.kwh, 2) }));
  if (f.invitation) parts.push(t(INVITATION_FACT[f.invitation]));
  return parts.join(' · ');
}

interface TickValues {
  note: string;
  photo?: string | null;
}

/** Confirms an item by hand: what was checked (required) and a photo of it (optional). */
function TickModal({
  stationId,
  item,
  onClose,
}: {
  stationId: number;
  item: ChecklistItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TickValues>();
  const tick = useTick();
  const save = async (v: TickValues) => {
    if (!item) return;
    try {
      await tick.mutateAsync({ stationId, item: item.item, note: v.note.trim(), photo: v.photo || null });
      message.success(t('common:commissioning.ticked'));
      form.resetFields();
      onClose();
    } catch (err) {
      showFormError(form, err, message);
    }
  };
  return (
    <Modal
      open={item !== null}
      title={item ? t('commissioning:tick.title', { item: t(ITEM_TEXT[item.item].name) }) : ''}
      okText={t('commissioning:tick.save')}
      cancelText={t('system:action.cancel')}
      onOk={() => form.submit()}
      confirmLoading={tick.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={save} preserve={false}>
        <Form.Item
          name="note"
          label={t('commissioning:tick.note')}
          rules={[
            { required: true, whitespace: true, message: t('common:validation.required') },
            { min: 3, max: NOTE_MAX, message: t('common:validation.length', { min: 3, max: NOTE_MAX }) },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={NOTE_MAX}
            showCount
            placeholder={t('commissioning:tick.notePlaceholder')}
            data-testid="tick-note"
          />
        </Form.Item>
        <Form.Item name="photo" label={t('commissioning:tick.photo')}>
          <PictureField />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ItemRow({
  item,
  canChange,
  onTick,
  onUntick,
}: {
  item: ChecklistItem;
  canChange: boolean;
  onTick: () => void;
  onUntick: () => void;
}) {
  const { t } = useTranslation();
  const facts = factsText(t, item);
  const actions = canChange && (item.state === 'OPEN' || item.state === 'TICKED');
  return (
    <Flex
      gap={12}
      align="flex-start"
      className="pv-checklist-item"
      data-testid={`item-${item.item}`}
      data-state={item.state}
    >
      <span style={{ fontSize: 18, lineHeight: '22px' }}>{STATE_ICON[item.state]}</span>
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={8} wrap align="center">
          <Typography.Text strong>{t(ITEM_TEXT[item.item].name)}</Typography.Text>
          <Tag color={STATE_COLOR[item.state]}>{t(STATE_LABEL[item.state])}</Tag>
        </Flex>
        <Typography.Text type="secondary">{t(ITEM_TEXT[item.item].hint)}</Typography.Text>
        {facts && <Typography.Text data-testid="item-facts">{facts}</Typography.Text>}
        {item.tickedBy && (
          <Flex gap={8} align="flex-start">
            {item.photo && <PlantPicture path={item.photo} size={48} />}
            <Typography.Text style={{ wordBreak: 'break-word' }}>
              {t('commissioning:tick.by', { user: item.tickedBy, at: formatDateTime(item.tickedAt) })}
              {': '}
              <Typography.Text italic>{item.note}</Typography.Text>
            </Typography.Text>
          </Flex>
        )}
      </Flex>
      {actions && item.state === 'OPEN' && (
        <Button size="small" icon={<EditOutlined />} onClick={onTick} data-testid="item-tick">
          {t('commissioning:tick.button')}
        </Button>
      )}
      {actions && item.state === 'TICKED' && (
        <Popconfirm title={t('commissioning:tick.undoConfirm')} onConfirm={onUntick}>
          <Button size="small" icon={<UndoOutlined />} data-testid="item-untick">
            {t('commissioning:tick.undo')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}

/** The commissioning status in words and colour. */
function StatusLine({ list }: { list: Checklist }) {
  const { t } = useTranslation();
  if (list.completedAt)
    return (
      <Tag color="green" data-testid="commissioning-status">
        {t('commissioning:status.completed', {
          at: formatDateTime(list.completedAt),
          user: list.completedBy ?? '—',
        })}
      </Tag>
    );
  if (list.commissioning)
    return (
      <Tag color="blue" data-testid="commissioning-status">
        {t('commissioning:status.commissioning')}
      </Tag>
    );
  return <Tag data-testid="commissioning-status">{t('commissioning:status.handedOver')}</Tag>;
}

/**
 * A plant's commissioning checklist (information tab): each item as the data shows it now or as the
 * installer confirmed it, with a note and a photo; completing it; the protocol (PDF); the owner's consent.
 * Its managers (`canManage`) see it always, tick and complete; whoever else may open the plant sees it
 * while it is commissioning and once completed, not on a plant handed over before the portal.
 */
export function CommissioningCard({
  stationId,
  stationNo,
  canManage,
}: {
  stationId: number;
  stationNo: string;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const checklist = useChecklist(stationId);
  const untick = useUntick();
  const complete = useComplete();
  const [ticking, setTicking] = useState<ChecklistItem | null>(null);
  const [downloading, setDownloading] = useState(false);

  if (checklist.isPending)
    return (
      <div data-testid="commissioning-loading">
        <Skeleton active paragraph={{ rows: 5 }} />
      </div>
    );
  if (checklist.isError) return null;
  const list = checklist.data;
  // A plant from before the portal's commissioning counts as handed over (decision 025): its checklist
  // is the installer's to complete, not the owner's to read as open items years after the handover.
  if (!canManage && !list.commissioning && !list.completedAt) return null;
  const open = list.items.filter((i) => i.state === 'OPEN').length;
  const canChange = canManage && !list.completedAt;
  const consent = list.consent;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadProtocol(stationId, stationNo);
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card
      size="small"
      data-testid="commissioning"
      title={
        <Flex gap={8} align="center" wrap>
          <SafetyCertificateOutlined />
          {t('commissioning:title')}
          <StatusLine list={list} />
        </Flex>
      }
      extra={
        <Button
          icon={<FilePdfOutlined />}
          onClick={download}
          loading={downloading}
          data-testid="protocol-download"
        >
          {t('commissioning:protocol')}
        </Button>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('commissioning:intro')}
        </Typography.Paragraph>
        <div>
          {list.items.map((item) => (
            <ItemRow
              key={item.item}
              item={item}
              canChange={canChange}
              onTick={() => setTicking(item)}
              onUntick={() => untick.mutate({ stationId, item: item.item })}
            />
          ))}
        </div>
        <Typography.Text data-testid="commissioning-consent">
          {t('commissioning:consent.label')}:{' '}
          {!consent
            ? t('commissioning:consent.none')
            : consent.given
              ? t('commissioning:consent.given', { at: formatDateTime(consent.givenAt) })
              : t('commissioning:consent.withdrawn', { at: formatDateTime(consent.withdrawnAt) })}
        </Typography.Text>
        {canChange && (
          <Flex gap={12} align="center" wrap>
            <Popconfirm
              title={t('commissioning:complete.confirm')}
              onConfirm={() =>
                complete.mutateAsync(stationId).then(() => message.success(t('common:commissioning.done')))
              }
              disabled={!list.ready}
            >
              <Button
                type="primary"
                disabled={!list.ready}
                loading={complete.isPending}
                data-testid="commissioning-complete"
              >
                {t('commissioning:complete.button')}
              </Button>
            </Popconfirm>
            {!list.ready && (
              <Typography.Text type="secondary">{t('commissioning:complete.open', { open })}</Typography.Text>
            )}
          </Flex>
        )}
      </Flex>
      <TickModal stationId={stationId} item={ticking} onClose={() => setTicking(null)} />
    </Card>
  );
}
