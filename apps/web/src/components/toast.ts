/**
 * A toast from where antd's App context is not at hand (the API client, the navigation guard, the sign-in
 * form): antd's static message, loaded with the first one, so that the entry, and with it the sign-in page,
 * carries no antd (decision 007).
 */
export function toast(type: 'success' | 'error', text: string) {
  void import('./antd-message.ts').then(({ message }) => message[type](text));
}
