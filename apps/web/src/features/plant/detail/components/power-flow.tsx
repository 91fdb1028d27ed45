import { CarOutlined, FireOutlined, HomeOutlined, SunOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { PowerFlow } from '@pvstar/contract/plant-data';
import { Typography, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatPower } from '../../../../components/energy-format.ts';
import { FLOW_COLORS } from './flow-colors.ts';

/** The drawing's own coordinate space; the box keeps this aspect ratio so nothing is distorted. */
const W = 640;
const H = 440;
const HUB = { x: 320, y: 200 };
/** Icon circles are drawn in pixels (they do not shrink with the box). */
const NODE_PX = 52;
const MIN_PX = 460;
/** Below this a flow counts as none (a few watts of standby or rounding). */
const QUIET_W = 5;

type NodeKey = 'pv' | 'grid' | 'load' | 'battery' | 'ev' | 'heatPump';
/** `in`: towards the inverter in the middle; `out`: away from it. */
type Direction = 'in' | 'out' | 'idle';

/** Where each node sits and on which side its text goes, so that no text crosses a line. */
const POS: Record<NodeKey, { x: number; y: number; text: 'below' | 'left' }> = {
  pv: { x: 320, y: 60, text: 'left' },
  grid: { x: 90, y: 200, text: 'below' },
  load: { x: 550, y: 200, text: 'below' },
  battery: { x: 320, y: 350, text: 'left' },
  heatPump: { x: 550, y: 60, text: 'below' },
  ev: { x: 550, y: 350, text: 'below' },
};

const COLOR: Record<NodeKey, string> = FLOW_COLORS;

/** A high-voltage pylon, drawn in the icon's 1em box (antd has none). */
function PylonIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      aria-hidden
    >
      <path d="M12 2 7 22M12 2l5 20M8.6 15.5h6.8M9.6 11h4.8M5 7h14M7 7l5 4 5-4M8.6 15.5 15.4 22M15.4 15.5 8.6 22" />
    </svg>
  );
}

/** A battery filled to its state of charge. */
function BatteryIcon({ soc }: { soc: number | null }) {
  const fill = Math.max(0, Math.min(100, soc ?? 0)) / 100;
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden>
      <rect x="3" y="6" width="16" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth={1.6} />
      <rect x="19.5" y="10" width="2" height="4" rx="0.5" fill="currentColor" />
      <rect x="5" y="8" width={12 * fill} height="8" rx="1" fill="currentColor" opacity={0.8} />
    </svg>
  );
}

/**
 * The plant's power flow: PV, grid, load and battery (EV charger and heat pump when present) around the
 * inverter, each line showing the direction power flows with moving dots, quiet when nothing flows.
 * Signs as the metric catalogue declares: grid + buying / − feeding in, battery + discharging / − charging.
 */
export function PowerFlowDiagram({ flow, hasBattery }: { flow: PowerFlow; hasBattery: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const dir = (towardsHub: number): Direction =>
    Math.abs(towardsHub) < QUIET_W ? 'idle' : towardsHub > 0 ? 'in' : 'out';

  const nodes: {
    key: NodeKey;
    label: string;
    icon: ReactNode;
    power: number;
    direction: Direction;
    note?: string;
  }[] = [
    {
      key: 'pv',
      label: t('plant:flow.pv'),
      icon: <SunOutlined />,
      power: flow.pvPower,
      direction: dir(flow.pvPower),
    },
    {
      key: 'grid',
      label: t('plant:flow.grid'),
      icon: <PylonIcon />,
      power: flow.gridPower,
      direction: dir(flow.gridPower),
      note:
        Math.abs(flow.gridPower) < QUIET_W
          ? undefined
          : flow.gridPower > 0
            ? t('plant:flow.buying')
            : t('plant:flow.feedingIn'),
    },
    {
      key: 'load',
      label: t('plant:flow.load'),
      icon: <HomeOutlined />,
      power: flow.loadPower,
      direction: dir(-flow.loadPower),
    },
  ];
  if (hasBattery)
    nodes.push({
      key: 'battery',
      label: t('plant:flow.battery'),
      icon: <BatteryIcon soc={flow.soc} />,
      power: flow.batteryPower,
      direction: dir(flow.batteryPower),
      note: [
        flow.soc === null ? null : formatPercent(flow.soc / 100),
        Math.abs(flow.batteryPower) < QUIET_W
          ? t('plant:flow.idle')
          : flow.batteryPower > 0
            ? t('plant:flow.discharging')
            : t('plant:flow.charging'),
      ]
        .filter(Boolean)
        .join(' · '),
    });
  if (flow.heatPumpPower !== undefined)
    nodes.push({
      key: 'heatPump',
      label: t('plant:flow.heatPump'),
      icon: <FireOutlined />,
      power: flow.heatPumpPower,
      direction: dir(-flow.heatPumpPower),
    });
  if (flow.evPower !== undefined)
    nodes.push({
      key: 'ev',
      label: t('plant:flow.ev'),
      icon: <CarOutlined />,
      power: flow.evPower,
      direction: dir(-flow.evPower),
    });

  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    // Below MIN_PX the fixed-size icons would crowd each other: the drawing scrolls sideways instead.
    <div style={{ overflowX: 'auto' }}>
      <div
        data-testid="power-flow"
        data-live={flow.ts !== null}
        data-ts={flow.ts ?? ''}
        style={{
          position: 'relative',
          width: '100%',
          minWidth: MIN_PX,
          maxWidth: 720,
          margin: '0 auto',
          aspectRatio: `${W} / ${H}`,
        }}
      >
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          height="100%"
          style={{ position: 'absolute', inset: 0 }}
          aria-hidden
        >
          {nodes.map((n) => {
            const p = POS[n.key];
            // The path runs the way power flows, so the dots move from source to sink.
            const d =
              n.direction === 'out'
                ? `M${HUB.x},${HUB.y} L${p.x},${p.y}`
                : `M${p.x},${p.y} L${HUB.x},${HUB.y}`;
            const active = n.direction !== 'idle';
            return (
              <g key={n.key} data-testid={`flow-link-${n.key}`} data-direction={n.direction}>
                <path
                  d={d}
                  stroke={active ? COLOR[n.key] : token.colorBorder}
                  strokeWidth={active ? 3 : 2}
                  strokeDasharray={active ? undefined : '6 6'}
                  strokeLinecap="round"
                  opacity={active ? 0.55 : 1}
                  fill="none"
                />
                {active &&
                  [0, 1, 2].map((i) => (
                    <path key={i} d="M-6,-5 L4,0 L-6,5 Z" fill={COLOR[n.key]}>
                      <animateMotion
                        dur="2.4s"
                        begin={`${-i * 0.8}s`}
                        repeatCount="indefinite"
                        rotate="auto"
                        path={d}
                      />
                    </path>
                  ))}
              </g>
            );
          })}
        </svg>
        <div
          style={{
            position: 'absolute',
            left: pct(HUB.x, W),
            top: pct(HUB.y, H),
            transform: 'translate(-50%, -50%)',
            width: 48,
            height: 48,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            background: token.colorPrimary,
            color: '#fff',
            fontSize: 22,
            boxShadow: token.boxShadowTertiary,
          }}
          title={t('monitor:deviceKind.INVERTER')}
        >
          <ThunderboltOutlined />
        </div>
        {nodes.map((n) => {
          const p = POS[n.key];
          const quiet = n.direction === 'idle';
          const text: CSSProperties =
            p.text === 'below'
              ? {
                  top: NODE_PX / 2 + 4,
                  left: 0,
                  transform: 'translateX(-50%)',
                  alignItems: 'center',
                  textAlign: 'center',
                }
              : {
                  right: NODE_PX / 2 + 8,
                  top: 0,
                  transform: 'translateY(-50%)',
                  alignItems: 'flex-end',
                  textAlign: 'right',
                };
          return (
            <div
              key={n.key}
              data-testid={`flow-node-${n.key}`}
              data-power={n.power}
              style={{ position: 'absolute', left: pct(p.x, W), top: pct(p.y, H), width: 0, height: 0 }}
            >
              <div
                style={{
                  position: 'absolute',
                  left: -NODE_PX / 2,
                  top: -NODE_PX / 2,
                  width: NODE_PX,
                  height: NODE_PX,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 26,
                  background: token.colorBgContainer,
                  border: `2px solid ${quiet ? token.colorBorder : COLOR[n.key]}`,
                  color: quiet ? token.colorTextTertiary : COLOR[n.key],
                }}
              >
                {n.icon}
              </div>
              <div
                style={{
                  position: 'absolute',
                  display: 'flex',
                  flexDirection: 'column',
                  width: 128,
                  lineHeight: 1.35,
                  ...text,
                }}
              >
                <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                  {n.label}
                </Typography.Text>
                <Typography.Text
                  strong={!quiet}
                  type={quiet ? 'secondary' : undefined}
                  data-testid={`flow-value-${n.key}`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {formatPower(Math.abs(n.power))}
                </Typography.Text>
                {n.note && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                    {n.note}
                  </Typography.Text>
                )}
              </div>
            </div>
          );
        })}
        {flow.ts === null && (
          <Typography.Text
            type="secondary"
            data-testid="flow-offline"
            style={{ position: 'absolute', left: 0, bottom: 0, maxWidth: '35%', fontSize: 12 }}
          >
            {t('plant:flow.noLive')}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
