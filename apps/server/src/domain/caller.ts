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
  sessionId: number;
}
