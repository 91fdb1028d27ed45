import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The ten recovery codes, shown once after set-up. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="warning" showIcon title={t('twoFactor:recoveryHint')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        copyable={{
          text: codes.join('\n'),
          // A labelled action under the list rather than a lone icon after it.
          icon: [
            <span key="copy" data-testid="two-factor-copy-codes">
              <CopyOutlined /> {t('twoFactor:copyCodes')}
            </span>,
            <span key="copied">
              <CheckOutlined /> {t('twoFactor:copied')}
            </span>,
          ],
          tooltips: false,
        }}
        style={{ marginBottom: 0 }}
      >
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
