import { Input } from 'antd';

/** The six digits of an authenticator app, with the phone's number pad and one-time-code autofill. */
export function TotpInput(props: { value?: string; onChange?: (v: string) => void; autoFocus?: boolean }) {
  return (
    <Input
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
      autoFocus={props.autoFocus}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="123456"
      style={{ letterSpacing: 4, fontSize: 18, textAlign: 'center' }}
      data-testid="two-factor-code"
    />
  );
}
