import type { ApiTokenScope } from '@pvstar/contract/api-token';
import type { DataScope, OrgType } from '@pvstar/contract/enums';

/** A signed-in user as the rules see them: who, in which organisation, with which codes and data scope. */
export interface Caller {
  userId: number;
  username: string;
  orgId: number;
  orgPath: string;
  orgType: OrgType;
  perms: Set<string>;
  dataScope: DataScope;
  readOnly: boolean;
  /** The session's id; 0 for an API token. */
  sessionId: number;
  /** A session's last proof of presence (ms since epoch: sign-in or step-up); never for an API token. */
  presenceAt?: number;
  /**
   * Set when the caller is an API token, never for a session (docs/decisions/019-api-tokens.md): `plantIds`
   * null for every plant of the user's scope, else the only plants it sees (`plantScope` applies them).
   */
  token?: {
    id: number;
    /** The name its user gave it: a refusal names the token, so that its owner knows which one it was. */
    name: string;
    scope: ApiTokenScope;
    plantIds: readonly number[] | null;
    dailyLimit: number;
    perSecondLimit: number;
  };
}
