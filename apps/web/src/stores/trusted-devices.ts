const KEY = 'pvstar.trustedDevices';
const MAX = 10;

/**
 * Remembered-device tokens this browser holds (issue 17): one per account that ticked "remember this
 * device"; sent with each sign-in, the server knows whose is whose. The newest come first.
 */
export const trustedDevices = {
  list(): string[] {
    try {
      const value = JSON.parse(localStorage.getItem(KEY) ?? '[]');
      return Array.isArray(value) ? value.filter((v) => typeof v === 'string').slice(0, MAX) : [];
    } catch {
      return [];
    }
  },
  add(token: string) {
    localStorage.setItem(KEY, JSON.stringify([token, ...trustedDevices.list()].slice(0, MAX)));
  },
};
