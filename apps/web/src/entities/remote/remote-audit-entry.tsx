import type { RemoteAuditRow } from '@pvstar/contract/remote';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditAnswerText, auditStepsText, changeText } from './remote-labels.ts';

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

/**
 * What came of an attempt, in words (confirmed by the device, refused and why, timed out, pending), and
 * beneath it the states it went through with their times.
 */
export function AuditAnswer({ row }: { row: RemoteAuditRow }) {
  const { t } = useTranslation();
  const text = auditAnswerText(t, row);
  const steps = auditStepsText(t, row.steps);
  return (
    <Flex vertical>
      <Typography.Text
        type={row.outcome === 'FAILED' || row.outcome === 'REFUSED' ? 'danger' : undefined}
        ellipsis={{ tooltip: text }}
        style={{ maxWidth: 280 }}
        data-testid="remote-audit-answer"
      >
        {text}
      </Typography.Text>
      {steps && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="remote-audit-steps">
          {steps}
        </Typography.Text>
      )}
    </Flex>
  );
}
