import { z } from 'zod';

export const OrgTypeSchema = z.enum(['PROVIDER', 'DEALER', 'INSTALLER', 'OWNER', 'GUEST']);
export type OrgType = z.infer<typeof OrgTypeSchema>;

/** Organisation and account status: normal, freeze (temporarily blocked), stop (deactivated). */
export const StatusSchema = z.enum(['NORMAL', 'FREEZE', 'STOP']);
export type Status = z.infer<typeof StatusSchema>;

export const RoleStatusSchema = z.enum(['ENABLED', 'DISABLED']);
export type RoleStatus = z.infer<typeof RoleStatusSchema>;

/** Ordered from widest to narrowest; a caller may only hand out a scope no wider than its own. */
export const DATA_SCOPES = ['ALL', 'ORG_AND_SUB', 'ORG', 'SELF'] as const;
export const DataScopeSchema = z.enum(DATA_SCOPES);
export type DataScope = z.infer<typeof DataScopeSchema>;

export const MenuTypeSchema = z.enum(['CATALOG', 'MENU', 'BUTTON']);
export type MenuType = z.infer<typeof MenuTypeSchema>;

export const ContactTypeSchema = z.enum(['MOBILE', 'EMAIL']);
export type ContactType = z.infer<typeof ContactTypeSchema>;

export const CodePurposeSchema = z.enum(['LOGIN', 'REGISTER', 'FORGET', 'BIND']);
export type CodePurpose = z.infer<typeof CodePurposeSchema>;

/** Which organisation types may sit directly below which (the guest fits anywhere but under an owner). */
export const CHILD_ORG_TYPES: Record<OrgType, OrgType[]> = {
  PROVIDER: ['DEALER', 'INSTALLER', 'GUEST'],
  DEALER: ['INSTALLER', 'OWNER', 'GUEST'],
  INSTALLER: ['OWNER', 'GUEST'],
  OWNER: [],
  GUEST: [],
};
