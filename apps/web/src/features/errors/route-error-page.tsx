import { CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AntdScope } from '../../components/antd-scope.tsx';
import { lazyRetrying } from '../../components/lazy-retrying.ts';

// Not in the entry: antd's Result brings its pictures; a 404 is not a chunk that failed to arrive.
const NotFoundPage = lazyRetrying(() => import('./not-found-page.tsx'));

/** Chromium, Firefox and Safari word a dynamic import that did not arrive differently. */
const CHUNK_FAILED = /dynamically imported module|module script failed|error loading dynamically/i;

/**
 * What a route shows when its page fails to load or render; a missing page is the 404 page. It is in
 * the entry bundle, so it shows when what failed is a page's code, e.g. with the network down; drawn
 * without antd (styles.css, in the theme's colours), which the entry does not carry (decision 007).
 */
export default function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <AntdScope>
        <NotFoundPage />
      </AntdScope>
    );
  console.error(error);
  const offline = error instanceof Error && CHUNK_FAILED.test(error.message);
  return (
    <div className="pv-route-error" data-testid="route-error">
      <CloseCircleFilled className="pv-route-error-icon" />
      <h3>{t('errors.crashTitle')}</h3>
      <p>{t(offline ? 'errors.offline' : 'errors.crash')}</p>
      <button type="button" className="pv-button pv-button-primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}
