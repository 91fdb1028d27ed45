import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { BrokerCredentials } from '../context.ts';

/**
 * Mosquitto's dynamic-security plugin, provisioned over `$CONTROL/dynamic-security/v1` as its admin
 * (`MQTT_AUTH=dynsec`, docs/operations.md). Each dongle is a client (user name = client id = serial number,
 * password = its secret) with a role of its own that allows exactly what mqtt-acl.ts allows: publishing under its
 * own `up/` and subscribing to its own `down/`. The plugin's default access denies everything else.
 *
 * What dynsec cannot say, mqtt-acl.ts can: dynsec has no rule on the retain flag, so a dongle may retain on its own
 * `up/` topics (never on a command topic, where it may not publish at all). Ingest is idempotent, so a
 * retained sample read again changes nothing.
 */

const CONTROL = '$CONTROL/dynamic-security/v1';
/** Marks the clients and roles PVSTAR owns, so that reconciliation leaves everyone else's alone. */
export const DONGLE_ROLE_PREFIX = 'pvstar-dongle-';
export const DONGLE_TEXT = 'pvstar dongle';
/** The mark of a dongle created by reconciliation: the registry holds no plain secret to give it. */
export const DONGLE_TEXT_NEEDS_SECRET = 'pvstar dongle: reissue its secret';
export const SERVICE_ROLE = 'pvstar-service';

type Command = Record<string, unknown> & { command: string };
interface Response {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
  correlationData?: string;
}

/** The kinds mqtt-acl.ts's mayPublish lets a dongle send; retain is not expressible here (see above). */
const UP_KINDS = ['telemetry', 'event', 'status', 'cmd-result'] as const;

export const dongleRole = (sn: string) => `${DONGLE_ROLE_PREFIX}${sn}`;

/** The role of one dongle: mqtt-acl.ts's mayPublish and maySubscribe for it, as dynsec ACLs. */
function dongleAcls(sn: string) {
  return [
    ...UP_KINDS.map((kind) => ({
      acltype: 'publishClientSend',
      topic: `pvstar/v1/${sn}/up/${kind}`,
      allow: true,
    })),
    ...['cmd', '+', '#'].map((level) => ({
      acltype: 'subscribeLiteral',
      topic: `pvstar/v1/${sn}/down/${level}`,
      allow: true,
    })),
  ];
}

/** Commands that create a dongle's role and client from nothing (an older one must be gone). */
function createDongle(sn: string, secret: string | null): Command[] {
  return [
    { command: 'createRole', rolename: dongleRole(sn), textname: DONGLE_TEXT, acls: dongleAcls(sn) },
    {
      command: 'createClient',
      username: sn,
      clientid: sn,
      textname: secret ? DONGLE_TEXT : DONGLE_TEXT_NEEDS_SECRET,
      ...(secret ? { password: secret } : {}),
      roles: [{ rolename: dongleRole(sn) }],
    },
  ];
}

/** Deleting a client ends its connection at once (the plugin disconnects it). */
const deleteDongle = (sn: string): Command[] => [
  { command: 'deleteClient', username: sn },
  { command: 'deleteRole', rolename: dongleRole(sn) },
];

const NOT_FOUND = /not found/i;
const EXISTS = /already exists/i;

export interface DynsecAdmin extends BrokerCredentials {
  /** Creates the cloud's service client and role unless they exist (an existing one's password is kept). */
  ensureService(username: string, password: string): Promise<void>;
  /**
   * Brings the plugin in step with the registry: removes our dongle clients whose dongle is gone, creates the
   * missing ones without a password (they sign in once their secret is reissued), leaves other clients alone.
   */
  reconcile(registered: readonly string[]): Promise<{ added: string[]; removed: string[] }>;
  close(): Promise<void>;
}

/** The URL without its user and password (the admin's; other clients sign in as themselves). */
export function withoutCredentials(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString().replace(/\/$/, '');
}

/** Commands to the plugin over its control topic, each answered by its correlation data. */
function createDynsecChannel(client: MqttClient) {
  const waiting = new Map<string, (r: Response) => void>();
  client.on('message', (_topic, payload) => {
    let responses: Response[] = [];
    try {
      responses = (JSON.parse(payload.toString()) as { responses?: Response[] }).responses ?? [];
    } catch {
      return;
    }
    for (const r of responses) {
      const done = r.correlationData ? waiting.get(r.correlationData) : undefined;
      if (done) {
        waiting.delete(r.correlationData!);
        done(r);
      }
    }
  });

  /** Sends commands in one message and resolves with their responses in order. */
  async function run(commands: Command[], timeoutMs = 10_000): Promise<Response[]> {
    if (!commands.length) return [];
    // A registry change waits on this answer: with the broker away, fail at once rather than queue.
    if (!client.connected) throw new Error('dynsec: not connected to the broker');
    const tagged = commands.map((c) => ({ ...c, correlationData: randomBytes(9).toString('base64url') }));
    const answers = Promise.all(
      tagged.map((c) => new Promise<Response>((resolve) => waiting.set(c.correlationData, resolve))),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`dynsec: no answer to ${tagged[0]!.command} within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      const sent = client.publishAsync(CONTROL, JSON.stringify({ commands: tagged }), { qos: 1 });
      return await Promise.race([sent.then(() => answers), timeout]);
    } finally {
      clearTimeout(timer);
      for (const c of tagged) waiting.delete(c.correlationData);
    }
  }

  /** Runs commands, failing on an error that `tolerated` does not excuse. */
  async function must(commands: Command[], tolerated: RegExp | null = null): Promise<Response[]> {
    const responses: Response[] = [];
    // The plugin takes a few hundred commands per message comfortably; a big fleet goes in parts.
    for (let i = 0; i < commands.length; i += 200) responses.push(...(await run(commands.slice(i, i + 200))));
    const failed = responses.find((r) => r.error && !tolerated?.test(r.error));
    if (failed) throw new Error(`dynsec ${failed.command}: ${failed.error}`);
    return responses;
  }

  return { must };
}

/** Connects as the plugin's admin (the user and password in `url`). */
export async function connectDynsec(opts: { url: string; log: Logger }): Promise<DynsecAdmin> {
  const u = new URL(opts.url);
  const client: MqttClient = await mqtt.connectAsync(withoutCredentials(opts.url), {
    username: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    clientId: `pvstar-dynsec-${process.pid}-${randomBytes(3).toString('hex')}`,
    clean: true,
    protocolVersion: 4,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  client.on('error', (err) => opts.log.warn({ err: err.message }, 'dynsec admin connection'));
  const { must } = createDynsecChannel(client);
  await client.subscribeAsync(`${CONTROL}/response`, { qos: 1 });

  return {
    async issued(list) {
      // Delete and create again: the same commands whether the dongle is new or had another secret, and
      // deleting the client ends a session on the old secret.
      await must(
        list.flatMap((d) => deleteDongle(d.sn)),
        NOT_FOUND,
      );
      await must(list.flatMap((d) => createDongle(d.sn, d.secret)));
    },
    async removed(sns) {
      await must(sns.flatMap(deleteDongle), NOT_FOUND);
    },
    // The plugin ended the sessions already when their clients were deleted.
    async committed() {},
    async ensureService(username, password) {
      await must(
        [
          {
            command: 'createRole',
            rolename: SERVICE_ROLE,
            textname: 'pvstar cloud service',
            acls: [
              { acltype: 'publishClientSend', topic: 'pvstar/#', allow: true },
              { acltype: 'publishClientReceive', topic: 'pvstar/#', allow: true },
              { acltype: 'subscribePattern', topic: 'pvstar/#', allow: true },
              { acltype: 'unsubscribePattern', topic: 'pvstar/#', allow: true },
            ],
          },
          {
            command: 'createClient',
            username,
            password,
            textname: 'pvstar cloud service',
            roles: [{ rolename: SERVICE_ROLE }],
          },
        ],
        EXISTS,
      );
    },
    async reconcile(registered) {
      const [clients, roles] = await must([
        { command: 'listClients', verbose: true, count: -1 },
        { command: 'listRoles', verbose: false, count: -1 },
      ]);
      type Listed = { username: string; textname?: string; roles?: { rolename: string }[] };
      const ours = new Set(
        ((clients!.data?.clients ?? []) as Listed[])
          .filter(
            (c) =>
              c.textname?.startsWith(DONGLE_TEXT) ||
              c.roles?.some((r) => r.rolename === dongleRole(c.username)),
          )
          .map((c) => c.username),
      );
      const ourRoles = ((roles!.data?.roles ?? []) as string[]).filter((r) =>
        r.startsWith(DONGLE_ROLE_PREFIX),
      );
      const wanted = new Set(registered);
      const removed = [...ours].filter((sn) => !wanted.has(sn));
      const added = registered.filter((sn) => !ours.has(sn));
      // A role left without its client (a crash between the two commands) goes too.
      const strayRoles = ourRoles.filter((r) => !ours.has(r.slice(DONGLE_ROLE_PREFIX.length)));
      await must(
        [
          ...removed.flatMap(deleteDongle),
          ...strayRoles.map((rolename) => ({ command: 'deleteRole', rolename })),
        ],
        NOT_FOUND,
      );
      await must(added.flatMap((sn) => createDongle(sn, null)));
      if (added.length)
        opts.log.warn(
          { dongles: added.length, first: added.slice(0, 5) },
          'dynsec: registered dongles had no broker account; created without a password: reissue their secrets (docs/operations.md)',
        );
      return { added, removed };
    },
    close: () => client.endAsync(true).catch(() => {}),
  };
}
