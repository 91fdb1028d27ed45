import { theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Instance = ReturnType<typeof import('echarts/core')['init']>;

/** Loads ECharts (once); a page may call it early, so that the library is there when its charts mount. */
export const loadCharts = () => import('./echart-core.ts');

/**
 * A chart. ECharts loads in its own chunk the first time a chart is shown, so pages without charts
 * (and the login) never pay for it. `data-ready` turns true once drawn, for the browser tests.
 */
export function EChart({
  option,
  height = 320,
  testId,
}: {
  option: EChartsOption;
  height?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void loadCharts().then(({ echarts }) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current, undefined, { renderer: 'canvas' });
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !chart.current) return;
    chart.current.setOption(
      {
        textStyle: { fontFamily: token.fontFamily },
        color: [
          token.colorPrimary,
          token.colorSuccess,
          token.colorWarning,
          token.colorError,
          '#722ed1',
          '#13c2c2',
          '#eb2f96',
          '#8c8c8c',
        ],
        ...option,
      },
      { notMerge: true },
    );
  }, [ready, option, token]);

  // ECharts owns the inner box; React never renders children into it.
  return (
    <div style={{ position: 'relative', width: '100%', height }}>
      <div
        ref={box}
        data-testid={testId}
        data-ready={ready}
        role="img"
        aria-label={testId}
        style={{ width: '100%', height }}
      />
      {!ready && (
        <div
          style={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            color: token.colorTextTertiary,
          }}
        >
          {t('monitor:chart.loading')}
        </div>
      )}
    </div>
  );
}
