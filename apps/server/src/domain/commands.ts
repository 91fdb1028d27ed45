import type { CommandPayload } from '@pvstar/contract/mqtt';

/** Sends a command to a dongle's `down/cmd` (QoS 1: the broker keeps it while the dongle is away). */
export type CommandPublisher = (dongleSn: string, command: CommandPayload) => void;

/** Command ids tell which part of the cloud a result belongs to. */
export const CMD_PREFIX = { remote: 'rp-', firmware: 'fw-' } as const;
