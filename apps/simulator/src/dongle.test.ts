import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { FIRMWARE_MANIFEST_FORMAT, type FirmwareManifest, manifestBytes } from '@pvstar/contract/firmware';
import { metricDef } from '@pvstar/contract/metrics';
import {
  type CommandResultPayload,
  CommandResultPayloadSchema,
  EventPayloadSchema,
  TelemetryPayloadSchema,
  topics,
} from '@pvstar/contract/mqtt';
import { Aedes, type AuthenticateError } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DongleDef, SIMULATED_DONGLE_MODEL } from './dongle.ts';
import { trustedKeys } from './firmware.ts';
import { type Fleet, startFleet } from './fleet.ts';

const CLOUD = { user: 'cloud', password: 'cloud-secret' };

const plant: DongleDef['plant'] = {
  latitude: 48.14,
  longitude: 11.58,
  tilt: 30,
  azimuth: 0,
  capacityKwp: 10,
  storageKwh: 10,
  type: 'ENERGY_STORAGE',
  timezone: 'Europe/Berlin',
};
const dongle: DongleDef = {
  sn: 'DGLTEST0001',
  secret: 'dongle-secret-1',
  plant,
  devices: [
    {
      sn: 'INVTEST0001',
      kind: 'INVERTER',
      inverterType: 'THREE_PHASE',
      manufacturer: 'Solplanet',
      model: 'ASW8K-LT',
    },
    { sn: 'BATTEST0001', kind: 'BATTERY', manufacturer: 'Solplanet', model: 'AB5K' },
    { sn: 'MTRTEST0001', kind: 'METER' },
  ],
  // As the cloud keeps them: what a firmware manifest's version is compared with.
  versions: { INVTEST0001: { inverter: 'V2.0.0' }, DGLTEST0001: { dongle: 'V2.3.5' } },
};
const flaky: DongleDef = { ...dongle, sn: 'DGLTEST0002', secret: 'dongle-secret-2' };
const secrets = new Map([
  [CLOUD.user, CLOUD.password],
  [dongle.sn, dongle.secret],
  [flaky.sn, flaky.secret],
]);

interface Received {
  topic: string;
  text: string;
  at: number;
}

const until = async (what: string, done: () => boolean, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('dongle over a real MQTT broker', () => {
  let server: net.Server;
  let broker: Aedes;
  let files: http.Server;
  let brokerUrl: string;
  let filesUrl: string;
  let cloud: MqttClient;
  let fleet: Fleet;
  const received: Received[] = [];
  const firmware = randomBytes(200_000);
  const sha256 = createHash('sha256').update(firmware).digest('hex');
  // The manufacturer's key pair: the dongle is given the public half, the images are signed with the other.
  const maker = generateKeyPairSync('ed25519');
  const makerPem = maker.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const keyId = trustedKeys([makerPem])[0]!.fingerprint;
  /** What the manufacturer signs about the image, `fields` changed. */
  const manifestOf = (fields: Partial<FirmwareManifest> = {}): FirmwareManifest => ({
    format: FIRMWARE_MANIFEST_FORMAT,
    manufacturer: 'Solplanet',
    firmwareType: 'INVERTER_ARM',
    version: 'V2.1.0',
    models: ['ASW8K-LT', 'ASW10K-LT'],
    sha256,
    size: firmware.length,
    ...fields,
  });
  const signatureOf = (manifest: FirmwareManifest, key: KeyObject = maker.privateKey) =>
    sign(null, manifestBytes(manifest), key).toString('base64');
  /** A firmware.upgrade body as the cloud sends it: the manifest, its signature and the key's id. */
  const upgradeBody = (fields: Partial<FirmwareManifest> = {}, extra: Record<string, unknown> = {}) => {
    const manifest = manifestOf(fields);
    return {
      deviceSn: 'INVTEST0001',
      url: `${filesUrl}/fw.bin`,
      manifest,
      signature: signatureOf(manifest),
      keyId,
      ...extra,
    };
  };

  const on = (kind: string, sn = dongle.sn) =>
    received.filter((m) => m.topic === `pvstar/v1/${sn}/up/${kind}`);
  const resultsOf = (cmdId: string) =>
    on('cmd-result')
      .map((m) => JSON.parse(m.text) as CommandResultPayload)
      .filter((r) => r.cmdId === cmdId);
  const final = (cmdId: string) =>
    resultsOf(cmdId).find((r) => r.status === 'succeeded' || r.status === 'failed');
  const send = async (type: string, body: Record<string, unknown>, expiresInMs = 60_000) => {
    const cmdId = `cmd-${randomBytes(6).toString('hex')}`;
    const payload = { cmdId, type, body, expiresAt: Date.now() + expiresInMs };
    await cloud.publishAsync(topics.cmd(dongle.sn), JSON.stringify(payload), { qos: 1 });
    await until(`${type} result`, () => !!final(cmdId));
    return { cmdId, results: resultsOf(cmdId) };
  };

  beforeAll(async () => {
    broker = await Aedes.createBroker({
      authenticate: (_client, username, password, done) => {
        const ok = !!username && secrets.get(username) === password?.toString();
        if (ok) return done(null, true);
        done(Object.assign(new Error('not authorised'), { returnCode: 4 }) as AuthenticateError, false);
      },
    });
    server = net.createServer(broker.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    brokerUrl = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    files = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      // Sent in pieces so the dongle reports progress as the bytes arrive.
      let offset = 0;
      const next = () => {
        if (offset >= firmware.length) return res.end();
        res.write(firmware.subarray(offset, offset + 32_768), () => setTimeout(next, 2));
        offset += 32_768;
      };
      next();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as net.AddressInfo).port}`;
    cloud = await mqtt.connectAsync(brokerUrl, {
      username: CLOUD.user,
      password: CLOUD.password,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    cloud.on('message', (topic, payload) =>
      received.push({ topic, text: payload.toString(), at: Date.now() }),
    );
    await cloud.subscribeAsync(topics.allUp, { qos: 1 });
    fleet = startFleet({
      brokerUrl,
      dongles: [dongle],
      interval: 1,
      faultRate: 0,
      offlineRate: 0,
      firmwareFailRate: 0,
      firmwareKeys: [makerPem],
      applyDelayMs: [20, 40],
      flashDelayMs: [20, 40],
    });
  });

  afterAll(async () => {
    await fleet?.stop();
    await cloud?.endAsync();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => files.close(() => resolve()));
  });

  it('comes online (retained) and publishes valid telemetry every interval', async () => {
    await until('three telemetry messages', () => on('telemetry').length >= 3);
    expect(on('status').map((m) => m.text)).toContain('online');
    const payloads = on('telemetry').map((m) => JSON.parse(m.text));
    const ids = new Set<string>();
    let lastTs = 0;
    for (const p of payloads) {
      expect(TelemetryPayloadSchema.safeParse(p).success).toBe(true);
      expect(p.devices.map((d: { sn: string }) => d.sn)).toEqual(dongle.devices.map((d) => d.sn));
      for (const d of p.devices)
        for (const [key, value] of Object.entries(d.data as Record<string, number>)) {
          const def = metricDef(d.kind, key)!;
          expect(value).toBeGreaterThanOrEqual(def.min);
          expect(value).toBeLessThanOrEqual(def.max);
        }
      expect(ids.has(p.msgId)).toBe(false);
      ids.add(p.msgId);
      expect(p.ts).toBeGreaterThan(lastTs);
      expect(Math.abs(p.ts - Date.now())).toBeLessThan(30_000);
      lastTs = p.ts;
    }
    // One per second, give or take the timer.
    const gaps = payloads.slice(1).map((p, i) => p.ts - payloads[i].ts);
    for (const gap of gaps) expect(gap).toBeGreaterThan(600);
    expect(fleet.stats()).toMatchObject({ dongles: 1, connected: 1 });
    await until('acks', () => fleet.stats().acked >= 3);
  });

  it('writes parameters (accepted, then succeeded with the new set) and reads them back', async () => {
    const write = await send('params.write', { deviceSn: 'INVTEST0001', values: { overVoltage1: 255.5 } });
    expect(write.results.map((r) => r.status)).toEqual(['accepted', 'succeeded']);
    for (const r of write.results) expect(CommandResultPayloadSchema.safeParse(r).success).toBe(true);
    expect((write.results[1]!.result!.values as Record<string, number>).overVoltage1).toBe(255.5);

    const read = await send('params.read', { deviceSn: 'INVTEST0001' });
    expect(read.results.map((r) => r.status)).toEqual(['succeeded']);
    const values = read.results[0]!.result!.values as Record<string, number>;
    expect(values.overVoltage1).toBe(255.5);
    expect(values.underFrequency2).toBe(47.5);

    const some = await send('params.read', { deviceSn: 'INVTEST0001', keys: ['overVoltage1'] });
    expect(some.results[0]!.result).toEqual({ values: { overVoltage1: 255.5 } });
  });

  it('refuses an expired params.write without applying it', async () => {
    const expired = await send(
      'params.write',
      { deviceSn: 'INVTEST0001', values: { overVoltage1: 300 } },
      -1000,
    );
    expect(expired.results.map((r) => [r.status, r.error])).toEqual([['failed', 'expired']]);
    const read = await send('params.read', { deviceSn: 'INVTEST0001' });
    expect((read.results[0]!.result!.values as Record<string, number>).overVoltage1).toBe(255.5);
    expect(fleet.dongles[0]!.params('INVTEST0001').overVoltage1).toBe(255.5);
  });

  it('refuses commands for devices it does not have', async () => {
    const r = await send('params.read', { deviceSn: 'INVNOTMINE01' });
    expect(r.results.map((x) => [x.status, x.error])).toEqual([['failed', 'unknown device']]);
  });

  it('upgrades firmware: downloads with progress, checks the hash, remembers the version', async () => {
    const ok = await send('firmware.upgrade', upgradeBody());
    const statuses = ok.results.map((r) => r.status);
    expect(statuses[0]).toBe('accepted');
    expect(statuses.at(-1)).toBe('succeeded');
    const progress = ok.results.filter((r) => r.status === 'progress').map((r) => r.progress!);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(3);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(ok.results.at(-1)!.result).toEqual({ version: 'V2.1.0' });
    expect(fleet.dongles[0]!.versions.get('INVTEST0001')).toEqual({ inverter: 'V2.1.0' });

    // Manifests signed for other bytes: the download gives them away.
    const bad = await send('firmware.upgrade', upgradeBody({ version: 'V2.2.0', sha256: 'ab'.repeat(32) }));
    expect(bad.results.at(-1)).toMatchObject({ status: 'failed', error: 'hash mismatch' });
    const short = await send(
      'firmware.upgrade',
      upgradeBody({ version: 'V2.3.0', size: firmware.length + 1 }),
    );
    expect(short.results.at(-1)).toMatchObject({ status: 'failed', error: 'size mismatch' });
    expect(fleet.dongles[0]!.versions.get('INVTEST0001')).toEqual({ inverter: 'V2.1.0' });
  });

  it('flashes only a manifest its manufacturer signed with a key the dongle was given', async () => {
    // Relabelled after signing (the same signed bytes called another version): refused before the download.
    const signed = upgradeBody({ version: 'V3.0.0' });
    const relabelled = await send('firmware.upgrade', {
      ...signed,
      manifest: { ...signed.manifest, version: 'V9.9.9' },
    });
    expect(relabelled.results).toEqual([
      expect.objectContaining({ status: 'failed', error: 'signature check failed: signature mismatch' }),
    ]);
    // A key the dongle was never given, whatever it signed.
    const stranger = generateKeyPairSync('ed25519');
    const strangerId = trustedKeys([
      stranger.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ])[0]!.fingerprint;
    const foreign = await send('firmware.upgrade', {
      ...signed,
      keyId: strangerId,
      signature: signatureOf(signed.manifest, stranger.privateKey),
    });
    expect(foreign.results.at(-1)).toMatchObject({
      status: 'failed',
      error: 'signature check failed: unknown signing key',
    });
    const unsigned = await send('firmware.upgrade', { ...signed, signature: undefined });
    expect(unsigned.results.at(-1)).toMatchObject({ status: 'failed', error: 'unsigned manifest' });
    // The old body: a signature over the image and no manifest.
    const old = await send('firmware.upgrade', {
      deviceSn: 'INVTEST0001',
      url: `${filesUrl}/fw.bin`,
      size: firmware.length,
      sha256,
      signature: sign(null, firmware, maker.privateKey).toString('base64'),
      keyId,
      version: '0.0.1',
      firmwareType: 'INVERTER_ARM',
    });
    expect(old.results.at(-1)).toMatchObject({ status: 'failed', error: 'invalid manifest' });
    for (const r of [relabelled, foreign, unsigned, old])
      expect(r.results.some((x) => x.status === 'succeeded')).toBe(false);
    expect(fleet.dongles[0]!.versions.get('INVTEST0001')).toEqual({ inverter: 'V2.1.0' });
  });

  it('refuses a signed manifest that does not fit it: another maker, firmware type or model', async () => {
    const cases: [Partial<FirmwareManifest>, Record<string, unknown>, string][] = [
      [{ manufacturer: 'Sungrow' }, {}, 'manifest mismatch: manufacturer'],
      [{ models: ['ASW5K-S'] }, {}, 'manifest mismatch: model'],
      // Battery firmware sent to the inverter; inverter firmware sent to the dongle itself.
      [{ firmwareType: 'BATTERY_BMS', models: ['AB5K'] }, {}, 'manifest mismatch: firmware type'],
      [{ firmwareType: 'INVERTER_ARM' }, { deviceSn: dongle.sn }, 'manifest mismatch: firmware type'],
    ];
    for (const [fields, extra, error] of cases) {
      const r = await send('firmware.upgrade', upgradeBody({ version: 'V4.0.0', ...fields }, extra));
      expect(r.results, error).toEqual([expect.objectContaining({ status: 'failed', error })]);
    }
    expect(fleet.dongles[0]!.versions.get('INVTEST0001')).toEqual({ inverter: 'V2.1.0' });
    expect(fleet.dongles[0]!.versions.get(dongle.sn)).toEqual({ dongle: 'V2.3.5' });
  });

  it('refuses a downgrade it was not told about, and takes one the cloud says was authorised', async () => {
    const down: Partial<FirmwareManifest> = {
      firmwareType: 'DONGLE',
      version: '0.0.1',
      models: [SIMULATED_DONGLE_MODEL],
    };
    const refused = await send('firmware.upgrade', upgradeBody(down, { deviceSn: dongle.sn }));
    expect(refused.results).toEqual([
      expect.objectContaining({ status: 'failed', error: 'downgrade refused: running V2.3.5' }),
    ]);
    // `rollback` must be exactly true; the comparison ignores the V and trailing zeros.
    const vague = await send('firmware.upgrade', upgradeBody(down, { deviceSn: dongle.sn, rollback: 'yes' }));
    expect(vague.results.at(-1)).toMatchObject({ error: 'downgrade refused: running V2.3.5' });
    expect(fleet.dongles[0]!.versions.get(dongle.sn)).toEqual({ dongle: 'V2.3.5' });
    const authorised = await send(
      'firmware.upgrade',
      upgradeBody(down, { deviceSn: dongle.sn, rollback: true }),
    );
    expect(authorised.results.at(-1)).toMatchObject({ status: 'succeeded', result: { version: '0.0.1' } });
    expect(fleet.dongles[0]!.versions.get(dongle.sn)).toEqual({ dongle: '0.0.1' });
    // Back up again needs no authorisation; the same version again is no downgrade either.
    const up = { ...down, version: '2.3.5' };
    for (let i = 0; i < 2; i++) {
      const r = await send('firmware.upgrade', upgradeBody(up, { deviceSn: dongle.sn }));
      expect(r.results.at(-1)).toMatchObject({ status: 'succeeded' });
    }
  });

  it('raises and clears faults', async () => {
    const other = startFleet({
      brokerUrl,
      dongles: [flaky],
      interval: 1,
      faultRate: 1,
      offlineRate: 0,
      faultSeconds: [0.5, 0.5],
    });
    try {
      await until('a raised and a cleared fault', () => {
        const events = on('event', flaky.sn).map((m) => JSON.parse(m.text));
        return events.some((e) => e.state === 'raised') && events.some((e) => e.state === 'cleared');
      });
      const events = on('event', flaky.sn).map((m) => JSON.parse(m.text));
      for (const e of events) expect(EventPayloadSchema.safeParse(e).success).toBe(true);
      for (const e of events)
        expect(['INV-GRID-OV', 'INV-ISO', 'BAT-BMS-COMM', 'MTR-COMM']).toContain(e.faultCode);
      // Every cleared fault was raised before, on the same device.
      for (const [i, e] of events.entries())
        if (e.state === 'cleared')
          expect(
            events
              .slice(0, i)
              .some((r) => r.state === 'raised' && r.faultCode === e.faultCode && r.deviceSn === e.deviceSn),
          ).toBe(true);
    } finally {
      await other.stop();
    }
  });

  it.each([
    ['a pulled plug: the broker publishes the Last Will', 1],
    ['a clean restart: the dongle says offline itself', 0],
  ])('drops off the network and comes back — %s', async (_what, dropShare) => {
    const seen = on('status', flaky.sn).length;
    const other = startFleet({
      brokerUrl,
      dongles: [flaky],
      interval: 1,
      faultRate: 0,
      offlineRate: 1,
      dropShare,
      offlineSeconds: [1, 1],
    });
    try {
      await until('online, offline, online again', () => {
        const s = on('status', flaky.sn)
          .slice(seen)
          .map((m) => m.text);
        const off = s.indexOf('offline', s.indexOf('online'));
        return off > 0 && s.indexOf('online', off) > off;
      });
    } finally {
      await other.stop();
    }
  });

  it('leaves a retained offline status when it stops', async () => {
    await fleet.stop();
    const late = await mqtt.connectAsync(brokerUrl, {
      username: CLOUD.user,
      password: CLOUD.password,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    const retained: string[] = [];
    late.on('message', (_t, payload) => retained.push(payload.toString()));
    await late.subscribeAsync(topics.status(dongle.sn), { qos: 1 });
    await until('retained status', () => retained.length > 0, 3000);
    expect(retained).toEqual(['offline']);
    await late.endAsync();
  });
});
