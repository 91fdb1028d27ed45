import { CarOutlined, FireOutlined, HomeOutlined, SunOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { PowerFlow } from '@pvstar/contract/plant-data';
import { Typography, theme } from 'antd';
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatPower } from './energy-format.ts';
import { FLOW_COLORS } from './flow-colors.ts';
import { flowDirection, flowDirectionLabel, QUIET_W } from './signed-power.tsx';

/** The drawing's own width; the box keeps the layout's aspect ratio so nothing is distorted. */
const W = 640;
/** Icon circles are drawn in pixels (they do not shrink with the box). */
const NODE_PX = 52;
/** Narrow enough for a phone's card (390 px screen), wide enough that the icons never overlap. */
const MIN_PX = 320;
/** The tall layout's side columns sit further in: it fits the narrower card of a plant's tabs on a phone. */
const TALL_MIN_PX = 280;
/**
 * Below this width the texts have no room between the icons: a right-hand column of three (heat pump,
 * load, EV charger) crowds, and the grid's text under its icon meets the battery's to its left (a phone's
 * dashboard with 12.32 kW bought and 446 W discharging). The drawing gets taller, the battery moves well
 * below the grid, and the EV charger's text goes above its icon.
 */
const TALL_BELOW_PX = 480;

type NodeKey = 'pv' | 'grid' | 'load' | 'battery' | 'ev' | 'heatPump';
/** `in`: towards the inverter in the middle; `out`: away from it. */
type Direction = 'in' | 'out' | 'idle';
type TextSide = 'below' | 'above' | 'left';
interface Layout {
  height: number;
  hub: { x: number; y: number };
  /** Where each node sits and on which side its text goes, so that no text crosses a line or an icon. */
  pos: Record<NodeKey, { x: number; y: number; text: TextSide }>;
}

const WIDE: Layout = {
  height: 440,
  hub: { x: 320, y: 200 },
  pos: {
    pv: { x: 320, y: 60, text: 'left' },
    grid: { x: 90, y: 200, text: 'below' },
    load: { x: 550, y: 200, text: 'below' },
    battery: { x: 320, y: 350, text: 'left' },
    heatPump: { x: 550, y: 60, text: 'below' },
    ev: { x: 550, y: 350, text: 'below' },
  },
};
const TALL: Layout = {
  height: 880,
  hub: { x: 320, y: 420 },
  pos: {
    pv: { x: 320, y: 70, text: 'left' },
    grid: { x: 110, y: 420, text: 'below' },
    load: { x: 530, y: 420, text: 'below' },
    battery: { x: 320, y: 790, text: 'left' },
    heatPump: { x: 530, y: 70, text: 'below' },
    ev: { x: 530, y: 790, text: 'above' },
  },
};

/** The width of an element, followed as it changes (0 until measured). */
function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(() => setWidth(element.getBoundingClientRect().width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

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

type TFunction = ReturnType<typeof useTranslation>['t'];
type Token = ReturnType<typeof theme.useToken>['token'];

interface FlowNodeData {
  key: NodeKey;
  label: string;
  icon: ReactNode;
  power: number;
  direction: Direction;
  note?: string;
}

const directionOf = (towardsHub: number): Direction =>
  Math.abs(towardsHub) < QUIET_W ? 'idle' : towardsHub > 0 ? 'in' : 'out';

/** The nodes around the inverter, each with its power towards the hub's sign and the words beside it. */
function flowNodes(flow: PowerFlow, hasBattery: boolean, t: TFunction): FlowNodeData[] {
  const nodes: FlowNodeData[] = [
    {
      key: 'pv',
      label: t('monitor:flow.pv'),
      icon: <SunOutlined />,
      power: flow.pvPower,
      direction: directionOf(flow.pvPower),
    },
    {
      key: 'grid',
      label: t('monitor:flow.grid'),
      icon: <PylonIcon />,
      power: flow.gridPower,
      direction: directionOf(flow.gridPower),
      note:
        Math.abs(flow.gridPower) < QUIET_W
          ? undefined
          : flowDirectionLabel(flowDirection('GRID', flow.gridPower)),
    },
    {
      key: 'load',
      label: t('monitor:flow.load'),
      icon: <HomeOutlined />,
      power: flow.loadPower,
      direction: directionOf(-flow.loadPower),
    },
  ];
  if (hasBattery)
    nodes.push({
      key: 'battery',
      label: t('monitor:flow.battery'),
      icon: <BatteryIcon soc={flow.soc} />,
      power: flow.batteryPower,
      direction: directionOf(flow.batteryPower),
      note: [
        flow.soc === null ? null : formatPercent(flow.soc / 100),
        flowDirectionLabel(flowDirection('BATTERY', flow.batteryPower)),
      ]
        .filter(Boolean)
        .join(' · '),
    });
  if (flow.heatPumpPower !== undefined)
    nodes.push({
      key: 'heatPump',
      label: t('monitor:flow.heatPump'),
      icon: <FireOutlined />,
      power: flow.heatPumpPower,
      direction: directionOf(-flow.heatPumpPower),
    });
  if (flow.evPower !== undefined)
    nodes.push({
      key: 'ev',
      label: t('monitor:flow.ev'),
      icon: <CarOutlined />,
      power: flow.evPower,
      direction: directionOf(-flow.evPower),
    });
  return nodes;
}

const pct = (v: number, of: number) => `${(v / of) * 100}%`;

/** One node's line to the hub, running the way power flows, so the dots move from source to sink. */
function FlowLink({ node, layout, token }: { node: FlowNodeData; layout: Layout; token: Token }) {
  const p = layout.pos[node.key];
  const hub = layout.hub;
  const d =
    node.direction === 'out' ? `M${hub.x},${hub.y} L${p.x},${p.y}` : `M${p.x},${p.y} L${hub.x},${hub.y}`;
  const active = node.direction !== 'idle';
  return (
    <g data-testid={`flow-link-${node.key}`} data-direction={node.direction}>
      <path
        d={d}
        stroke={active ? COLOR[node.key] : token.colorBorder}
        strokeWidth={active ? 3 : 2}
        strokeDasharray={active ? undefined : '6 6'}
        strokeLinecap="round"
        opacity={active ? 0.55 : 1}
        fill="none"
      />
      {active &&
        [0, 1, 2].map((i) => (
          <path key={i} d="M-6,-5 L4,0 L-6,5 Z" fill={COLOR[node.key]}>
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
}

/** The inverter in the middle. */
function FlowHub({ layout, token, title }: { layout: Layout; token: Token; title: string }) {
  return (
    <div
      style={{
        position: 'absolute',
        left: pct(layout.hub.x, W),
        top: pct(layout.hub.y, layout.height),
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
      title={title}
    >
      <ThunderboltOutlined />
    </div>
  );
}

/** Where a node's text goes beside its icon, so that no text crosses a line or an icon. */
const TEXT_SIDE: Record<TextSide, CSSProperties> = {
  below: {
    top: NODE_PX / 2 + 4,
    left: 0,
    transform: 'translateX(-50%)',
    alignItems: 'center',
    textAlign: 'center',
  },
  above: {
    bottom: NODE_PX / 2 + 4,
    left: 0,
    transform: 'translateX(-50%)',
    alignItems: 'center',
    textAlign: 'center',
  },
  left: {
    right: NODE_PX / 2 + 8,
    top: 0,
    transform: 'translateY(-50%)',
    alignItems: 'flex-end',
    textAlign: 'right',
  },
};

/** One node: its icon in a circle, its name, its power and its note. */
function FlowNode({ node, layout, token }: { node: FlowNodeData; layout: Layout; token: Token }) {
  const p = layout.pos[node.key];
  const quiet = node.direction === 'idle';
  return (
    <div
      data-testid={`flow-node-${node.key}`}
      data-power={node.power}
      style={{ position: 'absolute', left: pct(p.x, W), top: pct(p.y, layout.height), width: 0, height: 0 }}
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
          border: `2px solid ${quiet ? token.colorBorder : COLOR[node.key]}`,
          color: quiet ? token.colorTextTertiary : COLOR[node.key],
        }}
      >
        {node.icon}
      </div>
      <div
        style={{
          position: 'absolute',
          display: 'flex',
          flexDirection: 'column',
          // As wide as its text (centred on the node), so a node at the edge does not push the drawing
          // wider than a phone's card.
          width: 'max-content',
          maxWidth: 128,
          lineHeight: 1.35,
          ...TEXT_SIDE[p.text],
        }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
          {node.label}
        </Typography.Text>
        <Typography.Text
          strong={!quiet}
          type={quiet ? 'secondary' : undefined}
          data-testid={`flow-value-${node.key}`}
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatPower(Math.abs(node.power))}
        </Typography.Text>
        {node.note && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {node.note}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}

/**
 * A power flow, of a plant (its overview) or of a fleet (the dashboard, the sums of the plants'): PV, grid,
 * load and battery (EV charger and heat pump when present) around the inverter, each line showing the
 * direction power flows with moving dots, quiet when nothing flows, the direction in words beside the
 * magnitude. Signs as the metric catalogue declares: grid + buying / − feeding in, battery + discharging /
 * − charging. `noLive` says why there are no values (`flow.ts` null).
 */
export function PowerFlowDiagram({
  flow,
  hasBattery,
  noLive,
}: {
  flow: PowerFlow;
  hasBattery: boolean;
  noLive: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const nodes = flowNodes(flow, hasBattery, t);
  const layout = boxWidth > 0 && boxWidth < TALL_BELOW_PX ? TALL : WIDE;
  return (
    // Below MIN_PX the fixed-size icons would crowd each other: the drawing scrolls sideways instead.
    <div ref={boxRef} style={{ overflowX: 'auto' }}>
      <div
        data-testid="power-flow"
        data-layout={layout === TALL ? 'tall' : 'wide'}
        data-live={flow.ts !== null}
        data-ts={flow.ts ?? ''}
        style={{
          position: 'relative',
          width: '100%',
          minWidth: layout === TALL ? TALL_MIN_PX : MIN_PX,
          maxWidth: 720,
          margin: '0 auto',
          aspectRatio: `${W} / ${layout.height}`,
        }}
      >
        <svg
          viewBox={`0 0 ${W} ${layout.height}`}
          width="100%"
          height="100%"
          style={{ position: 'absolute', inset: 0 }}
          aria-hidden
        >
          {nodes.map((n) => (
            <FlowLink key={n.key} node={n} layout={layout} token={token} />
          ))}
        </svg>
        <FlowHub layout={layout} token={token} title={t('monitor:deviceKind.INVERTER')} />
        {nodes.map((n) => (
          <FlowNode key={n.key} node={n} layout={layout} token={token} />
        ))}
        {flow.ts === null && (
          <Typography.Text
            type="secondary"
            data-testid="flow-offline"
            style={{ position: 'absolute', left: 0, bottom: 0, maxWidth: '35%', fontSize: 12 }}
          >
            {noLive}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
