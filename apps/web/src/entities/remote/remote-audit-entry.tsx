import type { RemoteAuditRow } from '@pvstar/contract/remote';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditAnswerText, changeText } from './remote-labels.ts';

/** The parameters an entry changed, one per line: "Over-voltage stage 1: 253 → 260 (V)". */
export function AuditChanges({ changes }: { changes: RemoteAuditRow['changes'] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical data-testid="remote-audit-changes">
      {changes.map((c) => (
        <span key={c.key} style={{ whiteSpace: 'nowrap' }}>
          {changeText(t, c)}
        </span>
      ))}
    </Flex>
  );
}

/** What came of an entry, in words (confirmed by the device, refused and why, timed out, pending). */
export function AuditAnswer({ row }: { row: RemoteAuditRow }) {
  const { t } = useTranslation();
  const text = auditAnswerText(t, row);
  return (
    <Typography.Text
      type={row.outcome === 'FAILED' || row.outcome === 'REFUSED' ? 'danger' : undefined}
      ellipsis={{ tooltip: text }}
      style={{ maxWidth: 280 }}
      data-testid="remote-audit-answer"
    >
      {text}
    </Typography.Text>
  );
}
