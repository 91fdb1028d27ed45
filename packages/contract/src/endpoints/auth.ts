import type {
  BindInfoBodySchema,
  CancelAccountBodySchema,
  ConfirmContactBodySchema,
  DemoLoginBodySchema,
  ForgetBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  UpdateAccountNameBodySchema,
  UpdatePasswordBodySchema,
  UserInfo,
} from '../auth.ts';
import { endpoints, get, type In, post } from '../endpoint.ts';
import type {
  ChallengeBodySchema,
  LoginResult,
  RecoveryCodes,
  SecondFactorBodySchema,
  SecondFactorResult,
  StepUpBodySchema,
  StepUpResult,
  TwoFactorDisableBodySchema,
  TwoFactorEnableBodySchema,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../two-factor.ts';

type NoRequest = Record<never, never>;
const signedIn = { signedIn: true } as const;
const ownChange = { signedIn: true, write: true } as const;
/** The account's password, contacts and second factor: an interactive session only, never an API token. */
const ownSecret = { signedIn: true, write: true } as const;

/** Signing in and out, and the signed-in user's own account (the personal centre), two-factor included. */
export const auth = endpoints('auth', {
  /** A session token, or (an account with a second factor) the challenge of the second step. */
  login: post<{ body: In<typeof LoginBodySchema> }, LoginResult>(
    '/auth/user/login',
    { public: true },
    'Sign in',
  ),
  demoLogin: post<{ body: In<typeof DemoLoginBodySchema> }, string>(
    '/auth/user/demo/login',
    {
      public: true,
    },
    'Sign in to the demo account',
  ),
  register: post<{ body: In<typeof RegisterBodySchema> }>(
    '/auth/user/register',
    { public: true },
    'Register an account',
  ),
  forgetPassword: post<{ body: In<typeof ForgetBodySchema> }>(
    '/auth/user/forget',
    { public: true },
    'Reset a forgotten password',
  ),
  getUserInfo: get<NoRequest, UserInfo>(
    '/auth/user/getUserInfo',
    { signedIn: true, token: 'read' },
    'Get the signed-in user',
  ),
  logout: post<NoRequest>('/auth/user/logout', { signedIn: true }, 'Sign out'),
  updateAccountName: post<{ body: In<typeof UpdateAccountNameBodySchema> }>(
    '/auth/user/updateAccountName',
    ownChange,
    'Change my account name',
  ),
  bindInfo: post<{ body: In<typeof BindInfoBodySchema> }>(
    '/auth/user/bindInfo',
    ownSecret,
    'Change my phone or e-mail',
  ),
  /** A contact an administrator set, confirmed with the code sent to it (docs/decisions/009). */
  confirmContact: post<{ body: In<typeof ConfirmContactBodySchema> }>(
    '/auth/user/confirmContact',
    ownSecret,
    'Confirm a contact',
  ),
  updatePassword: post<{ body: In<typeof UpdatePasswordBodySchema> }>(
    '/auth/user/updatePassword',
    ownSecret,
    'Change my password',
  ),
  cancelAccount: post<{ body: In<typeof CancelAccountBodySchema> }>(
    '/auth/user/cancel',
    ownSecret,
    'Delete my account',
  ),

  /** The sign-in's second step: the challenge from the login answer is the credential. */
  twoFactorVerify: post<{ body: In<typeof SecondFactorBodySchema> }, SecondFactorResult>(
    '/auth/user/twoFactor/verify',
    { public: true },
    'Verify the second sign-in factor',
  ),
  /** Setting the factor up during sign-in, when the organisation requires one. */
  twoFactorChallengeSetup: post<{ body: In<typeof ChallengeBodySchema> }, TwoFactorSetup>(
    '/auth/user/twoFactor/challengeSetup',
    { public: true },
    'Set up the second factor during sign-in',
  ),
  twoFactorStatus: get<NoRequest, TwoFactorStatus>(
    '/auth/user/twoFactor',
    signedIn,
    'Get my second-factor status',
  ),
  twoFactorSetup: post<NoRequest, TwoFactorSetup>(
    '/auth/user/twoFactor/setup',
    ownSecret,
    'Start setting up the second factor',
  ),
  twoFactorEnable: post<{ body: In<typeof TwoFactorEnableBodySchema> }, RecoveryCodes>(
    '/auth/user/twoFactor/enable',
    ownSecret,
    'Enable the second factor',
  ),
  twoFactorDisable: post<{ body: In<typeof TwoFactorDisableBodySchema> }>(
    '/auth/user/twoFactor/disable',
    ownSecret,
    'Disable the second factor',
  ),
  /**
   * Proves presence again for the dangerous actions of the next minutes (`stepUp` routes); a read-only
   * account has none to take.
   */
  stepUp: post<{ body: In<typeof StepUpBodySchema> }, StepUpResult>(
    '/auth/user/stepUp',
    ownChange,
    'Prove presence for dangerous actions',
  ),
});
