import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { lazyRetrying } from '../../components/lazy-retrying.ts';

// Not in the entry: antd's Result brings its pictures; a 404 is not a chunk that failed to arrive.
const NotFoundPage = lazyRetrying(() => import('./not-found-page.tsx'));

/** Chromium, Firefox and Safari word a dynamic import that did not arrive differently. */
const CHUNK_FAILED = /dynamically imported module|module script failed|error loading dynamically/i;

/**
 * What a route shows when its page fails to load or render; a missing page is the 404 page. It is in
 * the entry bundle, so it shows when what failed is a page's code, e.g. with the network down; built
 * without antd's Result to keep the sign-in page's first load within its budget (decision 007).
 */
export default function RouteErrorPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  console.error(error);
  const offline = error instanceof Error && CHUNK_FAILED.test(error.message);
  return (
    <Flex
      vertical
      align="center"
      gap={16}
      style={{ padding: '48px 32px', textAlign: 'center' }}
      data-testid="route-error"
    >
      <CloseCircleFilled style={{ fontSize: 72, color: token.colorError }} />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('errors.crashTitle')}
      </Typography.Title>
      <Typography.Text type="secondary">{t(offline ? 'errors.offline' : 'errors.crash')}</Typography.Text>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </Flex>
  );
}
