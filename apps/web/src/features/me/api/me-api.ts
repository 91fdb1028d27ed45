import type { AlarmNotify } from '@pvstar/contract/alarm';
import type {
  BindInfoBody,
  ConfirmContactBody,
  UpdateAccountNameBody,
  UpdatePasswordBody,
  UserInfo,
} from '@pvstar/contract/auth';
import { alarm } from '@pvstar/contract/endpoints/alarm';
import type {
  RecoveryCodes,
  TwoFactorDisableBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@pvstar/contract/two-factor';
import { useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';
import { get, post } from '../../../api/http.ts';
import { useSession } from '../../../stores/session.ts';

/** Calls of the personal centre; each is silent so the forms can show field errors themselves. */
export const updateAccountName = (body: UpdateAccountNameBody) =>
  post<null>('/auth/user/updateAccountName', body, { silent: true });
export const bindInfo = (body: BindInfoBody) => post<null>('/auth/user/bindInfo', body, { silent: true });
export const confirmContact = (body: ConfirmContactBody) =>
  post<null>('/auth/user/confirmContact', body, { silent: true });
export const updatePassword = (body: UpdatePasswordBody) =>
  post<null>('/auth/user/updatePassword', body, { silent: true });
export const cancelAccount = (password: string) =>
  post<null>('/auth/user/cancel', { password }, { silent: true });

/** Reloads the signed-in user after a change of name or contact. */
export async function refreshUserInfo() {
  const info = await get<UserInfo>('/auth/user/getUserInfo');
  if (info) useSession.getState().setUserInfo(info);
}

/** The alarm levels the user wants by e-mail. */
export const useAlarmNotify = () =>
  useQuery({
    queryKey: queryKey(alarm.notifyGet),
    queryFn: ({ signal }) => call(alarm.notifyGet, {}, { signal }),
  });
export const saveAlarmNotify = (body: AlarmNotify) => call(alarm.notifySet, { body }, { silent: true });

/** Two-factor sign-in of the signed-in user (issue 17). */
export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: ['two-factor'],
    queryFn: ({ signal }) => get<TwoFactorStatus>('/auth/user/twoFactor', { signal }),
  });
export const startTwoFactorSetup = () =>
  post<TwoFactorSetup>('/auth/user/twoFactor/setup', {}, { silent: true });
export const enableTwoFactor = (code: string) =>
  post<RecoveryCodes>('/auth/user/twoFactor/enable', { code }, { silent: true });
export const disableTwoFactor = (body: TwoFactorDisableBody) =>
  post<null>('/auth/user/twoFactor/disable', body, { silent: true });
