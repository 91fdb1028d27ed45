import { SunFilled } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useAppTitle } from '../../../components/app-config.ts';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

/** The frame of the public pages: the app title, a card and the language switch. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const appTitle = useAppTitle();
  return (
    <main className="pv-auth">
      <div className="pv-auth-top">
        <LanguageSwitch type="default" />
      </div>
      <div className="pv-auth-brand">
        <SunFilled />
        <h1 data-testid="app-title">{appTitle}</h1>
      </div>
      <Card className="pv-auth-card">
        <Typography.Title level={4} style={{ marginTop: 0, textAlign: 'center' }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </main>
  );
}
