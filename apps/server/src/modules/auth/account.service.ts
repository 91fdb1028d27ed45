import {
  type BindInfoBody,
  type ConfirmContactBody,
  mayCancelAccount,
  type UpdateAccountNameBody,
  type UpdatePasswordBody,
} from '@pvstar/contract/auth';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { confirmPassword, refuseCommonPassword } from '../../lib/passwords.ts';
import { consumeCode } from './codes.ts';
import { confirmContactChange, contactBoundBySelf } from './contact-change.ts';
import { endDerivedCredentials } from './derived-credentials.ts';
import { assertIdentifiersFree } from './identity.ts';

/** What a signed-in user does to their own account (personal centre). "Who" is always the session. */
export function createAccountService(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db, config } = ctx;

  async function me(caller: Caller) {
    const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
    if (!user) throw new AppError(401, 'auth.sessionExpired');
    return user;
  }

  return {
    async updateName(caller: Caller, body: UpdateAccountNameBody) {
      await db
        .update(users)
        .set({ nickname: body.nickname, name: body.name ?? null, updatedAt: new Date() })
        .where(eq(users.id, caller.userId));
    },

    /** Binding a contact needs a code sent to that contact, on top of the current session. */
    async bindContact(caller: Caller, body: BindInfoBody, ip: string) {
      const user = await me(caller);
      const contact = await consumeCode(db, {
        contactType: body.contactType,
        contact: body.contact,
        purpose: 'BIND',
        code: body.code,
      });
      await assertIdentifiersFree(
        db,
        body.contactType === 'EMAIL' ? { email: contact } : { phone: contact },
        {
          exceptId: caller.userId,
          contactField: 'contact',
        },
      );
      await db
        .update(users)
        .set(
          body.contactType === 'EMAIL'
            ? { email: contact, updatedAt: new Date() }
            : { phone: contact, updatedAt: new Date() },
        )
        .where(eq(users.id, caller.userId));
      await contactBoundBySelf(db, user, body.contactType, contact, config.APP_TITLE);
      await audit(db, caller, {
        action: 'account.bindContact',
        targetType: 'user',
        targetId: caller.userId,
        detail: { contactType: body.contactType },
        ip,
      });
    },

    async confirmContact(caller: Caller, body: ConfirmContactBody, ip: string) {
      await confirmContactChange(db, caller, body, { appTitle: config.APP_TITLE, ip });
    },

    /** Ends every credential derived from the old password but the session that changed it. */
    async updatePassword(caller: Caller, body: UpdatePasswordBody, ip: string) {
      await confirmPassword(db, caller, body.oldPassword, 'oldPassword', ip);
      refuseCommonPassword(body.password, 'password');
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, caller.userId));
        await audit(tx, caller, {
          action: 'account.passwordChanged',
          targetType: 'user',
          targetId: caller.userId,
          ip,
        });
        await endDerivedCredentials(tx, caller.userId, 'passwordChanged', {
          by: caller,
          ip,
          appTitle: config.APP_TITLE,
          keepSessionId: caller.sessionId,
        });
      });
    },

    /** Account cancellation: removes the user and their sessions. The provider's staff cannot cancel themselves here. */
    async cancel(caller: Caller, password: string, ip: string) {
      await confirmPassword(db, caller, password, 'password', ip);
      if (!mayCancelAccount(caller.orgType)) throw forbidden();
      await audit(db, caller, {
        action: 'account.cancelled',
        targetType: 'user',
        targetId: caller.userId,
        ip,
      });
      await db.delete(users).where(eq(users.id, caller.userId));
    },
  };
}
