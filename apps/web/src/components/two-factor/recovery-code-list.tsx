import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The ten recovery codes, shown once after set-up. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="warning" showIcon title={t('twoFactor:recoveryHint')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: codes.join('\n') }} style={{ marginBottom: 0 }}>
        <ul
          data-testid="two-factor-recovery-codes"
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
            gap: '4px 16px',
            listStyle: 'none',
            padding: 0,
            margin: 0,
            fontFamily: 'monospace',
            fontSize: 15,
          }}
        >
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </Typography.Paragraph>
    </>
  );
}
