import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FirmwareManifest, FirmwareType } from '@pvstar/contract/firmware';
import type { CommandPayload } from '@pvstar/contract/mqtt';
import { SIMULATED_DONGLE_MODEL } from '@pvstar/simulator/dongle';
import { firmwareFiles, firmwarePrograms, manufacturerKeys, manufacturers } from '../src/db/schema/index.ts';
import { firmwarePath } from '../src/modules/firmware/firmware.files.ts';
import {
  fingerprintOf,
  generateSigningKey,
  signManifest,
} from '../src/modules/firmware/firmware.signature.ts';
import { startDeviceLoop, waitFor } from './device-loop.ts';
import { manifestOf } from './firmware-signing.ts';
import { buildTestApp } from './helper.ts';
import { addSimulatedPlant, SIMULATED_MODELS, type SimulatedPlant } from './simulated-plant.ts';

/**
 * Upgrade tasks end to end (modules/upgrade/upgrade*.test.ts): a test app with the device loop, four
 * simulated plants of installer A and one of installer B whose dongles trust a manufacturer's key, the
 * commands sent, and programs and tasks made as the tests need them.
 */
const MODELS: Record<FirmwareType, string[]> = {
  INVERTER_ARM: [SIMULATED_MODELS.inverter],
  INVERTER_DSP: [SIMULATED_MODELS.inverter],
  BATTERY_BMS: [SIMULATED_MODELS.battery],
  DONGLE: [SIMULATED_DONGLE_MODEL],
};

export async function setUpUpgrades() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pvstar-upgrade-'));
  const t = await buildTestApp({ DATA_DIR: dataDir });
  const image = randomBytes(200_000);
  const loop = await startDeviceLoop(t);
  /** The manufacturer's key pair: the dongles are given the public key, manifests are signed with the other. */
  const makerKey = generateSigningKey();
  const sent: CommandPayload[] = [];

  type Maker = { id: number; keyId: number; key: ReturnType<typeof generateSigningKey> };
  /** A manufacturer the devices' "Solplanet" names (its short name), with a signing key of its own. */
  async function newMaker(key = makerKey): Promise<Maker> {
    const [m] = await t.ctx.db
      .insert(manufacturers)
      .values({ name: `Solplanet ${randomBytes(3).toString('hex')}`, abbreviation: 'Solplanet' })
      .returning({ id: manufacturers.id });
    const [k] = await t.ctx.db
      .insert(manufacturerKeys)
      .values({ manufacturerId: m!.id, publicKey: key.publicKey, fingerprint: fingerprintOf(key.publicKey) })
      .returning({ id: manufacturerKeys.id });
    return { id: m!.id, keyId: k!.id, key };
  }

  /**
   * A program straight in the database with its image on disk and its manifest signed with the
   * manufacturer's key the dongles trust (the firmware module's own tests cover upload). `manifest`
   * changes what the manufacturer signed; `stored` replaces the bytes on disk and `tampered` the stored
   * manifest after signing, as an attacker with access to the files and the database would.
   */
  async function addProgram(opts: {
    type: FirmwareType;
    version: string;
    manifest?: Partial<FirmwareManifest>;
    stored?: Buffer;
    tampered?: Partial<FirmwareManifest>;
    of?: Maker;
  }) {
    const id = randomBytes(16).toString('hex');
    const file = firmwarePath(t.ctx.config, id);
    const onDisk = opts.stored ?? image;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, onDisk);
    const by = opts.of ?? maker;
    const manifest = manifestOf('Solplanet', image, {
      firmwareType: opts.type,
      version: opts.version,
      models: MODELS[opts.type],
      ...opts.manifest,
    });
    await t.ctx.db.insert(firmwareFiles).values({
      id,
      fileName: `fw-${opts.version}.bin`,
      size: onDisk.length,
      sha256: createHash('sha256').update(onDisk).digest('hex'),
      signature: signManifest(manifest, by.key.privatePem),
      manifest: { ...manifest, ...opts.tampered },
      keyId: by.keyId,
    });
    const [program] = await t.ctx.db
      .insert(firmwarePrograms)
      .values({
        manufacturerId: by.id,
        firmwareType: opts.type,
        version: opts.version,
        description: 'Test image',
        descriptions: { zh: 'x', en: 'x', de: 'x', fr: 'x', it: 'x', es: 'x', pl: 'x' },
        supportAll: true,
        fileId: id,
        orgId: 1,
        createdByName: 'admin',
      })
      .returning({ id: firmwarePrograms.id });
    return program!.id;
  }

  const task = async (id: number, token = dealer) =>
    (await t.call('POST', '/iot/upgrade/task/detail', { token, body: { id } })).body.data;
  const deviceRows = async (taskId: number) =>
    (
      await t.call('POST', '/iot/upgrade/task/devices', {
        token: dealer,
        query: { pageNum: 1, pageSize: 50 },
        body: { taskId },
      })
    ).body.data.list;
  const addTask = (body: Record<string, unknown>, token = dealer) =>
    t.call('POST', '/iot/upgrade/task/add', { token, body: { name: 'Task', ...body } });
  const simulated = (opts: Partial<Parameters<typeof addSimulatedPlant>[1]> = {}) =>
    addSimulatedPlant(t, {
      org: 'Solartechnik Alpha',
      brokerUrl: loop.brokerUrl,
      dongle: { firmwareKeys: [makerKey.publicKey] },
      ...opts,
    });

  const maker = await newMaker();
  const plants: SimulatedPlant[] = [];
  for (let i = 0; i < 4; i++) plants.push(await simulated());
  const bPlant = await simulated({ org: 'Energie Bravo' });
  for (const p of [...plants, bPlant]) p.dongle.start();
  await waitFor(() => [...plants, bPlant].every((p) => p.dongle.connected), 20_000, 'simulated dongles');
  const [dealer, admin] = await Promise.all([t.login('demo-dealer'), t.login('admin')]);
  const publish = t.ctx.publishCommand;
  t.ctx.publishCommand = (sn, command) => {
    sent.push(command);
    publish(sn, command);
  };
  return {
    t,
    dataDir,
    loop,
    plants,
    bPlant,
    dealer,
    admin,
    image,
    makerKey,
    maker,
    sent,
    newMaker,
    addProgram,
    task,
    deviceRows,
    addTask,
    simulated,
  };
}
export type UpgradeFixture = Awaited<ReturnType<typeof setUpUpgrades>>;

export async function tearDownUpgrades({ t, loop, plants, bPlant, dataDir }: UpgradeFixture) {
  for (const p of [...plants, bPlant]) await p.dongle.stop();
  await loop.stop();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
}
