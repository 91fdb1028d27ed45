import { message } from 'antd';

/** Toasts last 3 s, 16 px from the top (requirements §R15.3) — for the static API and the App context. */
export const MESSAGE_CONFIG = { duration: 3, top: 16 } as const;
message.config(MESSAGE_CONFIG);

/** antd's static toasts, with the app's settings. */
export { message };
