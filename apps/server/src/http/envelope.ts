import type { Envelope } from '@pvstar/contract/api';

/** A success answer; `msg` is a catalogue key that the envelope hook translates. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: 200, msg, data };
}
