import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work that callers asking for the same thing at once can share: `run(key, work)` starts `work` when
 * nothing runs for the key; a caller who comes while it runs waits for the next run, which starts when
 * that one ends and serves everyone who came meanwhile. So a caller never gets a result begun before
 * they asked, and at most two runs per key exist at a time however many callers there are.
 *
 * A run starts on the event loop's next turn, so that callers whose requests arrived in the same turn
 * share it: the embedded database answers within the turn, and without the pause one request would run
 * to its answer before the next one is even read.
 */
export function createSharedRuns<T>() {
  const slots = new Map<string, { running?: Promise<T>; next?: Promise<T> }>();

  return function run(key: string, work: () => Promise<T>): Promise<T> {
    const slot = slots.get(key) ?? {};
    slots.set(key, slot);
    const start = () => {
      const current = nextTurn()
        .then(work)
        .finally(() => {
          if (slot.running === current) slot.running = undefined;
          if (!slot.running && !slot.next) slots.delete(key);
        });
      slot.running = current;
      return current;
    };
    if (!slot.running) return start();
    slot.next ??= slot.running
      .catch(() => undefined)
      .then(() => {
        slot.next = undefined;
        return start();
      });
    return slot.next;
  };
}
