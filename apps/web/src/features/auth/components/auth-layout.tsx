import { SunFilled } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { useAppTitle } from '../../../components/app-config.ts';
import { LanguageButton } from '../../../components/language-button.tsx';
import { lazyRetrying } from '../../../components/lazy-retrying.ts';

// The language menu brings antd's dropdown menu, which nothing else on these pages needs: it loads after
// the form, and its button shows in the meantime.
const LanguageSwitch = lazyRetrying(() =>
  import('../../../components/language-switch.tsx').then((m) => ({ default: m.LanguageSwitch })),
);

/** The frame of the public pages: the app title, a card and the language switch. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const appTitle = useAppTitle();
  return (
    <main className="pv-auth">
      <div className="pv-auth-top">
        <Suspense fallback={<LanguageButton type="default" />}>
          <LanguageSwitch type="default" />
        </Suspense>
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
