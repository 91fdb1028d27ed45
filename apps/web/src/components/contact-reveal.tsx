import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { user } from '@pvstar/contract/endpoints/user';
import { useMutation } from '@tanstack/react-query';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call.ts';

/**
 * A masked phone or e-mail with an eye toggle (requirements §R3.8): the first click fetches the real value
 * from the server, the second hides it again. The value is not kept once hidden.
 */
export function ContactReveal({
  value,
  viewType,
  id,
}: {
  value: string | null;
  viewType: 'MOBILE' | 'EMAIL';
  id: number;
}) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState<string | null>(null);
  const reveal = useMutation({
    mutationFn: () => call(user.revealContact, { body: { viewType, id } }),
    onSuccess: (real) => setRevealed(real),
  });
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  const shown = revealed !== null;
  const label = shown ? t('system:contact.hide') : t('system:contact.show');
  return (
    <Space size={2} style={{ whiteSpace: 'nowrap' }}>
      <span data-testid="contact-value">{revealed ?? value}</span>
      <Tooltip title={label}>
        <Button
          type="text"
          size="small"
          aria-label={label}
          aria-pressed={shown}
          data-testid="contact-reveal"
          loading={reveal.isPending}
          icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => (shown ? setRevealed(null) : reveal.mutate())}
        />
      </Tooltip>
    </Space>
  );
}
