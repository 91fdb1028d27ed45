import { system } from '@pvstar/contract/endpoints/system';
import type { CodePurpose, ContactType } from '@pvstar/contract/enums';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call.ts';

const COUNTDOWN_SECONDS = 60;

export interface CodeTarget {
  contactType: ContactType;
  contact: string;
}

/**
 * Sends a 6-digit code by e-mail or SMS, then counts down 60 s before it may be sent again.
 * `getTarget` validates the contact fields and resolves with null when they are not valid.
 */
export function SendCodeButton({
  purpose,
  getTarget,
  disabled,
}: {
  purpose: CodePurpose;
  getTarget: () => Promise<CodeTarget | null>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const target = await getTarget();
    if (!target) return;
    setSending(true);
    try {
      await call(system.sendCode, { body: { ...target, purpose } });
      message.success(t('common:auth.codeSent'));
      setLeft(COUNTDOWN_SECONDS);
    } catch {
      // The client has shown the server's message.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={send} loading={sending} disabled={disabled || left > 0} data-testid="send-code">
      {left > 0 ? t('code.resend', { seconds: left }) : t('code.send')}
    </Button>
  );
}
