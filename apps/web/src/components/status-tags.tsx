import type { OrgType, Status } from '@pvstar/contract/enums';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORG_TYPE_COLOR, orgTypeLabel, STATUS_COLOR, statusLabel } from './labels.ts';

export function StatusTag({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="status-tag">
      {statusLabel(t, status)}
    </Tag>
  );
}

export function OrgTypeTag({ type }: { type: OrgType }) {
  const { t } = useTranslation();
  return <Tag color={ORG_TYPE_COLOR[type]}>{orgTypeLabel(t, type)}</Tag>;
}
