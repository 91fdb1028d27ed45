import type { LoginBody } from '@pvstar/contract/auth';

/** What the sign-in page hands to each of its forms: by password (on the page) and by code (its own module). */
export interface SignInForm {
  busy: 'login' | 'demo' | null;
  /** The server's answer when it names no field. */
  error: string | null;
  /** The consent box, kept when the other form is chosen. */
  agree: boolean;
  /** Whether the server offers the demo account. */
  demo: boolean;
  /** Signs in; resolves with the server's messages by field (none when it named none). */
  onSignIn: (body: Omit<LoginBody, 'trustedDevices'>) => Promise<Record<string, string>>;
  onDemo: () => void;
  /** A field changed (the error goes), with the consent box's new value when it was that. */
  onEdit: (agree?: boolean) => void;
}
