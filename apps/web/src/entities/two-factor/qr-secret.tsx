import type { TwoFactorSetup } from '@pvstar/contract/two-factor';
import { Flex, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The secret to scan, as a QR code and as text. Loaded only with a set-up step (the QR code weighs). */
export default function QrSecret({ setup }: { setup: TwoFactorSetup }) {
  const { t } = useTranslation();
  // The key in groups of four, as authenticator apps show it.
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <>
      {/* The hint reads as the text around it does (left); only the code and the key are centred. */}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('twoFactor:scan')}
      </Typography.Paragraph>
      <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
        <QRCode value={setup.otpauthUrl} size={180} bordered={false} data-testid="two-factor-qr" />
        <Typography.Text
          code
          copyable={{ text: setup.secret }}
          style={{ wordBreak: 'break-all', textAlign: 'center' }}
          data-testid="two-factor-secret"
        >
          {grouped}
        </Typography.Text>
      </Flex>
    </>
  );
}
