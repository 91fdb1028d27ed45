import type { AlarmNotify } from '@pvstar/contract/alarm';
import type {
  BindInfoBody,
  ConfirmContactBody,
  UpdateAccountNameBody,
  UpdatePasswordBody,
} from '@pvstar/contract/auth';
import { alarm } from '@pvstar/contract/endpoints/alarm';
import { auth } from '@pvstar/contract/endpoints/auth';
import type { TwoFactorDisableBody } from '@pvstar/contract/two-factor';
import { useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../../api/call.ts';
import { useSession } from '../../../stores/session.ts';

/** Calls of the personal centre; each is silent so the forms can show field errors themselves. */
export const updateAccountName = (body: UpdateAccountNameBody) =>
  call(auth.updateAccountName, { body }, { silent: true });
export const bindInfo = (body: BindInfoBody) => call(auth.bindInfo, { body }, { silent: true });
export const confirmContact = (body: ConfirmContactBody) =>
  call(auth.confirmContact, { body }, { silent: true });
export const updatePassword = (body: UpdatePasswordBody) =>
  call(auth.updatePassword, { body }, { silent: true });
export const cancelAccount = (password: string) =>
  call(auth.cancelAccount, { body: { password } }, { silent: true });

/** Reloads the signed-in user after a change of name or contact. */
export async function refreshUserInfo() {
  const info = await call(auth.getUserInfo);
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
    queryKey: queryKey(auth.twoFactorStatus),
    queryFn: ({ signal }) => call(auth.twoFactorStatus, {}, { signal }),
  });
export const startTwoFactorSetup = () => call(auth.twoFactorSetup, {}, { silent: true });
export const enableTwoFactor = (code: string) =>
  call(auth.twoFactorEnable, { body: { code } }, { silent: true });
export const disableTwoFactor = (body: TwoFactorDisableBody) =>
  call(auth.twoFactorDisable, { body }, { silent: true });
