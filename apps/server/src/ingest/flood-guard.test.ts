import { DONGLE_LIMITS_PER_MINUTE } from '@pvstar/contract/mqtt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createFloodGuard } from './flood-guard.ts';

/** The per-dongle window on its own, with a clock of the test's: the over-MQTT cases are flood.test.ts. */
function guard(limits = { messages: 10, samples: 20, events: 3 }) {
  let at = 1_000_000;
  const lines: { dongleSn: string; limit: string; msg: string }[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const flooding: string[] = [];
  const g = createFloodGuard({
    limits,
    log,
    now: () => at,
    onFlooding: async (sn) => void flooding.push(sn),
  });
  const telemetry = (devices: number) => ({ devices: Array.from({ length: devices }, () => ({})) });
  return {
    g,
    lines,
    flooding,
    telemetry,
    later: (ms: number) => {
      at += ms;
    },
  };
}

describe('flood guard', () => {
  it('defaults to the documented limits', () => {
    const { g } = guard(undefined);
    expect(createFloodGuard({ log: pino({ level: 'silent' }) }).limits).toEqual(DONGLE_LIMITS_PER_MINUTE);
    expect(g.limits).toEqual({ messages: 10, samples: 20, events: 3 });
  });

  it('takes a minute of messages up to the limit, drops the rest; the next minute starts afresh', () => {
    const { g, later } = guard();
    const verdicts = Array.from({ length: 15 }, () => g.overLimit('DGL-A00001', 'status', 'online'));
    expect(verdicts.filter((v) => v === null).length).toBe(10);
    expect(verdicts.slice(10)).toEqual(Array(5).fill('messages'));
    later(59_999);
    expect(g.overLimit('DGL-A00001', 'status', 'online')).toBe('messages');
    later(1);
    expect(g.overLimit('DGL-A00001', 'status', 'online')).toBeNull();
  });

  it('counts each dongle on its own', () => {
    const { g } = guard();
    for (let i = 0; i < 12; i++) g.overLimit('DGL-A00001', 'status', 'online');
    expect(g.overLimit('DGL-B00002', 'status', 'online')).toBeNull();
  });

  it('counts samples as the devices of telemetry messages; a message that would go over is dropped whole', () => {
    const { g, telemetry } = guard();
    expect(g.overLimit('DGL-A00001', 'telemetry', telemetry(8))).toBeNull();
    expect(g.overLimit('DGL-A00001', 'telemetry', telemetry(8))).toBeNull();
    expect(g.overLimit('DGL-A00001', 'telemetry', telemetry(8))).toBe('samples');
    // What still fits is taken: 16 of 20 were used.
    expect(g.overLimit('DGL-A00001', 'telemetry', telemetry(4))).toBeNull();
    expect(g.overLimit('DGL-A00001', 'telemetry', telemetry(1))).toBe('samples');
    // A body that is no telemetry (it fails the schema later) carries no samples.
    expect(g.overLimit('DGL-A00001', 'telemetry', { devices: { length: 1e9 } })).toBeNull();
  });

  it('an event flood stops events only; telemetry still comes in until the messages run out', () => {
    const { g, telemetry } = guard();
    const events = Array.from({ length: 5 }, () => g.overLimit('DGL-A00001', 'event', {}));
    expect(events).toEqual([null, null, null, 'events', 'events']);
    expect(g.overLimit('DGL-A00001', 'telemetry', telemetry(1))).toBeNull();
    expect(g.overLimit('DGL-A00001', 'cmd-result', {})).toBeNull();
  });

  it('logs and reports a flooding dongle once a minute, not once a message', () => {
    const { g, lines, flooding, later, telemetry } = guard();
    for (let i = 0; i < 100; i++) g.overLimit('DGL-A00001', i % 2 ? 'event' : 'telemetry', telemetry(2));
    expect(lines.map((l) => [l.dongleSn, l.limit])).toEqual([['DGL-A00001', 'events']]);
    expect(flooding).toEqual(['DGL-A00001']);
    later(60_000);
    for (let i = 0; i < 100; i++) g.overLimit('DGL-A00001', 'status', 'online');
    expect(lines.map((l) => l.limit)).toEqual(['events', 'messages']);
    expect(flooding).toEqual(['DGL-A00001', 'DGL-A00001']);
    // A dongle within its limits is never reported.
    later(60_000);
    g.overLimit('DGL-A00001', 'status', 'online');
    expect(flooding.length).toBe(2);
  });
});
