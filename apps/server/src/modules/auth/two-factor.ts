import { randomInt } from 'node:crypto';
import type {
  ChallengeBody,
  SecondFactorBody,
  SecondFactorResult,
  SecondFactorStep,
  StepUpBody,
  StepUpResult,
  TwoFactorDisableBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@pvstar/contract/two-factor';
import { STEP_UP_WINDOW_MS } from '@pvstar/contract/two-factor';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sqlRow } from '../../db/rows.ts';
import {
  loginAttempts,
  sessions,
  trustedDevices,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  users,
  userTwoFactor,
} from '../../db/schema/index.ts';
import { inSubtree, orgPathOf } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, invalidField } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { confirmPassword, countConfirmFailure, refuseWhileConfirmsLocked } from '../../lib/passwords.ts';
import { endDerivedCredentials } from './derived-credentials.ts';
import { accountKey } from './identity.ts';
import { createSession } from './session.ts';

const CHALLENGE_TRIES = 5;
const VERIFY_TTL_S = 5 * 60;
const SETUP_TTL_S = 15 * 60;
const TRUSTED_DAYS = 30;
const RECOVERY_CODES = 10;
/** One time step either side of now (30 s each): clocks of phones drift. */
const TOTP_TOLERANCE_S = 30;

type Account = typeof users.$inferSelect;
type Meta = { ip: string; userAgent?: string | undefined };
const who = (u: Pick<Account, 'id' | 'username' | 'orgId'>) => ({
  userId: u.id,
  username: u.username,
  orgId: u.orgId,
});
/** The password hash changes with every new password (argon2's salt), so this stamp ends remembered devices. */
const passwordStamp = (u: Pick<Account, 'passwordHash'>) => sha256(u.passwordHash);

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function recoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
  const group = () => Array.from({ length: 5 }, pick).join('');
  return `${group()}-${group()}`;
}
const recoveryHash = (code: string) => sha256(code.trim().toLowerCase().replace('-', ''));

/** Whether an organisation at or above `orgId` requires a second factor of everyone below it. */
export async function twoFactorRequired(db: Db, orgId: number): Promise<boolean> {
  const row = await sqlRow<{ required: boolean }>(
    db,
    sql`
    SELECT EXISTS (SELECT 1 FROM organizations o
      WHERE o.require_two_factor
        AND ${inSubtree(orgPathOf(orgId), sql`o.path`)}) AS required`,
  );
  return row?.required === true;
}

/** Removes a user's second factor with everything that hangs on it (disable, provider admin's reset). */
export async function clearTwoFactor(db: DbOrTx, userId: number) {
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}

/**
 * Ends the sessions of the users under an organisation that now requires a second factor and have none,
 * so that they set it up at their next sign-in (the caller's own session stays).
 */
export async function endSessionsWithoutSecondFactor(db: Db, orgPath: string, exceptSessionId: number) {
  await db.execute(sql`
    DELETE FROM ${sessions} s USING users u, organizations o
    WHERE s.user_id = u.id AND o.id = u.org_id AND ${inSubtree(sql`o.path`, orgPath)}
      AND s.id <> ${exceptSessionId}
      AND NOT EXISTS (SELECT 1 FROM user_two_factor f WHERE f.user_id = u.id AND f.enabled_at IS NOT NULL)`);
}

export type TwoFactorDeps = Pick<AppContext, 'db' | 'config'>;

export function createTwoFactorService(deps: TwoFactorDeps) {
  return { ...createSignInFactor(deps), ...createChallengeCheck(deps), ...createFactorSettings(deps) };
}

/** A user's second factor: its setup, its row, a new secret, new recovery codes, turning it on. */
function createFactorRecords(ctx: TwoFactorDeps) {
  const { db, config } = ctx;
  const setupOf = (username: string, secret: string): TwoFactorSetup => ({
    secret,
    otpauthUrl: generateURI({ issuer: config.APP_TITLE, label: username, secret }),
  });

  async function factorOf(userId: number) {
    const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    return row;
  }

  /** A new secret waiting for its first code (replaces one that waited). */
  async function newPendingSecret(user: Pick<Account, 'id' | 'username'>): Promise<TwoFactorSetup> {
    const secret = generateSecret();
    await db
      .insert(userTwoFactor)
      .values({ userId: user.id, secret })
      .onConflictDoUpdate({
        target: userTwoFactor.userId,
        set: { secret, enabledAt: null, lastTimeStep: null, createdAt: new Date() },
      });
    return setupOf(user.username, secret);
  }

  async function newRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await db.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryHash(c) })));
    return codes;
  }

  /**
   * Turns the waiting secret on: recovery codes replace any earlier ones, and what was obtained without the
   * second factor ends (all but `keepSessionId`, the personal centre's session that turned it on).
   */
  async function enableFactor(
    user: Pick<Account, 'id' | 'username' | 'orgId'>,
    ip: string,
    keepSessionId?: number,
  ) {
    await db.update(userTwoFactor).set({ enabledAt: new Date() }).where(eq(userTwoFactor.userId, user.id));
    const codes = await newRecoveryCodes(user.id);
    await audit(db, who(user), {
      action: 'account.twoFactorEnabled',
      targetType: 'user',
      targetId: user.id,
      ip,
    });
    await endDerivedCredentials(db, user.id, 'twoFactorEnabled', {
      by: who(user),
      ip,
      appTitle: config.APP_TITLE,
      ...(keepSessionId ? { keepSessionId } : {}),
    });
    return codes;
  }

  return { setupOf, factorOf, newPendingSecret, newRecoveryCodes, enableFactor };
}

/** Codes taken once: a TOTP time step, a recovery code, a try of a challenge. */
function createCodeChecks(ctx: TwoFactorDeps) {
  const { db } = ctx;
  /**
   * Checks a TOTP code and takes its time step: a code is good once, and no code older than the newest
   * accepted one is (RFC 6238 §5.2). The conditional update makes two requests with one code race safely.
   */
  async function takeTotp(userId: number, secret: string, last: number | null, code: string) {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOTP_TOLERANCE_S,
      ...(last === null ? {} : { afterTimeStep: last }),
    }).catch(() => ({ valid: false as const }));
    if (!result.valid || !('timeStep' in result)) return false;
    const taken = await db
      .update(userTwoFactor)
      .set({ lastTimeStep: result.timeStep })
      .where(
        and(
          eq(userTwoFactor.userId, userId),
          or(isNull(userTwoFactor.lastTimeStep), lt(userTwoFactor.lastTimeStep, result.timeStep)),
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    return taken.length === 1;
  }

  async function takeRecoveryCode(userId: number, code: string) {
    const taken = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, recoveryHash(code)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return taken.length === 1;
  }

  /**
   * A live challenge, one try taken from it (so five tries per challenge hold under concurrent requests);
   * a used, expired or exhausted one is dead.
   */
  async function takeChallengeTry(challenge: string) {
    const [row] = await db
      .update(twoFactorChallenges)
      .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
      .where(
        and(
          eq(twoFactorChallenges.tokenHash, sha256(challenge)),
          isNull(twoFactorChallenges.usedAt),
          gt(twoFactorChallenges.expiresAt, new Date()),
          lt(twoFactorChallenges.attempts, CHALLENGE_TRIES),
        ),
      )
      .returning();
    if (!row) throw invalidField('challenge', 'twoFactor.challengeExpired');
    return row;
  }
  return { takeTotp, takeRecoveryCode, takeChallengeTry };
}

/** The second step of a sign-in, and the setup it may ask for. */
function createSignInFactor(ctx: TwoFactorDeps) {
  const { db } = ctx;
  const { factorOf, newPendingSecret } = createFactorRecords(ctx);
  return {
    /**
     * The sign-in's second step, after the first factor decided the user: nothing to do (no factor, or a
     * remembered device), or a challenge instead of a session.
     */
    async secondFactorStep(
      user: Account,
      deviceTokens: string[] | undefined,
      meta: Meta,
    ): Promise<{ challenge: SecondFactorStep } | { detail?: Record<string, unknown> }> {
      const factor = await factorOf(user.id);
      const enabled = !!factor?.enabledAt;
      if (!enabled && !(await twoFactorRequired(db, user.orgId))) return {};
      if (enabled && deviceTokens?.length) {
        const [device] = await db
          .select({ id: trustedDevices.id })
          .from(trustedDevices)
          .where(
            and(
              eq(trustedDevices.userId, user.id),
              inArray(trustedDevices.tokenHash, deviceTokens.map(sha256)),
              eq(trustedDevices.passwordStamp, passwordStamp(user)),
              gt(trustedDevices.expiresAt, new Date()),
            ),
          )
          .limit(1);
        if (device) return { detail: { secondFactor: 'trustedDevice' } };
      }
      const step = enabled ? 'VERIFY' : 'SETUP';
      const ttl = enabled ? VERIFY_TTL_S : SETUP_TTL_S;
      const challenge = newToken();
      await db.insert(twoFactorChallenges).values({
        userId: user.id,
        tokenHash: sha256(challenge),
        kind: step,
        expiresAt: new Date(Date.now() + ttl * 1000),
      });
      await audit(db, who(user), {
        action: 'auth.secondFactorRequired',
        targetType: 'user',
        targetId: user.id,
        detail: { step },
        ip: meta.ip,
      });
      return { challenge: { step, challenge, expiresIn: ttl } };
    },

    /** The secret to scan in the sign-in's set-up step (organisation requirement). */
    async challengeSetup(body: ChallengeBody): Promise<TwoFactorSetup> {
      const [row] = await db
        .select({ user: users })
        .from(twoFactorChallenges)
        .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, sha256(body.challenge)),
            eq(twoFactorChallenges.kind, 'SETUP'),
            isNull(twoFactorChallenges.usedAt),
            gt(twoFactorChallenges.expiresAt, new Date()),
            lt(twoFactorChallenges.attempts, CHALLENGE_TRIES),
          ),
        );
      if (!row) throw invalidField('challenge', 'twoFactor.challengeExpired');
      if ((await factorOf(row.user.id))?.enabledAt) throw new AppError(409, 'twoFactor.alreadyEnabled');
      return newPendingSecret(row.user);
    },
  };
}

function createChallengeCheck(ctx: TwoFactorDeps) {
  const { db, config } = ctx;
  const { factorOf, enableFactor } = createFactorRecords(ctx);
  const { takeTotp, takeRecoveryCode, takeChallengeTry } = createCodeChecks(ctx);
  return {
    /** Answers a challenge with a TOTP or recovery code; the session only now. */
    async verifyChallenge(body: SecondFactorBody, meta: Meta): Promise<SecondFactorResult> {
      const challenge = await takeChallengeTry(body.challenge);
      const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
      if (user?.status !== 'NORMAL') throw invalidField('challenge', 'twoFactor.challengeExpired');
      const factor = await factorOf(user.id);
      const setup = challenge.kind === 'SETUP';
      let method: 'totp' | 'recovery' | null = null;
      if (factor && (setup ? !factor.enabledAt : !!factor.enabledAt)) {
        if (body.code) {
          if (await takeTotp(user.id, factor.secret, factor.lastTimeStep, body.code)) method = 'totp';
        } else if (body.recoveryCode && !setup && (await takeRecoveryCode(user.id, body.recoveryCode)))
          method = 'recovery';
      }
      if (!method) {
        // A wrong second factor counts towards the account's sign-in lock as a wrong password does.
        await db
          .insert(loginAttempts)
          .values({ accountKey: accountKey(user.username), ip: meta.ip, success: false });
        await audit(db, who(user), {
          action: 'auth.secondFactorFailed',
          targetType: 'user',
          targetId: user.id,
          detail: { attempt: challenge.attempts },
          ip: meta.ip,
        });
        const field = body.code ? 'code' : 'recoveryCode';
        throw challenge.attempts >= CHALLENGE_TRIES
          ? invalidField('challenge', 'twoFactor.challengeExpired')
          : invalidField(field, 'twoFactor.badCode');
      }
      const used = await db
        .update(twoFactorChallenges)
        .set({ usedAt: new Date() })
        .where(and(eq(twoFactorChallenges.id, challenge.id), isNull(twoFactorChallenges.usedAt)))
        .returning({ id: twoFactorChallenges.id });
      if (used.length !== 1) throw invalidField('challenge', 'twoFactor.challengeExpired');
      const recoveryCodes = setup ? await enableFactor(user, meta.ip) : null;
      if (method === 'recovery')
        await audit(db, who(user), {
          action: 'auth.recoveryCodeUsed',
          targetType: 'user',
          targetId: user.id,
          ip: meta.ip,
        });
      let trustedDevice: string | null = null;
      if (body.rememberDevice) {
        trustedDevice = newToken();
        await db.insert(trustedDevices).values({
          userId: user.id,
          tokenHash: sha256(trustedDevice),
          passwordStamp: passwordStamp(user),
          userAgent: meta.userAgent?.slice(0, 255) ?? null,
          expiresAt: new Date(Date.now() + TRUSTED_DAYS * 86_400_000),
        });
        await audit(db, who(user), {
          action: 'auth.deviceRemembered',
          targetType: 'user',
          targetId: user.id,
          ip: meta.ip,
        });
      }
      await audit(db, who(user), { action: 'auth.login', detail: { secondFactor: method }, ip: meta.ip });
      const token = await createSession(db, user.id, config.SESSION_DAYS, meta);
      return { token, trustedDevice, recoveryCodes };
    },
  };
}

/** The personal centre's second factor, and a step-up for a dangerous action. */
function createFactorSettings(ctx: TwoFactorDeps) {
  const { db } = ctx;
  const { factorOf, newPendingSecret, enableFactor } = createFactorRecords(ctx);
  const { takeTotp } = createCodeChecks(ctx);
  return {
    async status(caller: Caller): Promise<TwoFactorStatus> {
      const factor = await factorOf(caller.userId);
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, caller.userId), isNull(twoFactorRecoveryCodes.usedAt)));
      return {
        enabled: !!factor?.enabledAt,
        required: await twoFactorRequired(db, caller.orgId),
        recoveryCodesLeft: factor?.enabledAt ? (left?.n ?? 0) : 0,
      };
    },

    /** Starts set-up in the personal centre: a new secret, shown this once. */
    async startSetup(caller: Caller): Promise<TwoFactorSetup> {
      if ((await factorOf(caller.userId))?.enabledAt) throw new AppError(409, 'twoFactor.alreadyEnabled');
      return newPendingSecret({ id: caller.userId, username: caller.username });
    },

    /** Confirms set-up with a first code; answers the recovery codes, once. */
    async enable(caller: Caller, code: string, ip: string): Promise<string[]> {
      const factor = await factorOf(caller.userId);
      if (factor?.enabledAt) throw new AppError(409, 'twoFactor.alreadyEnabled');
      if (!factor) throw new AppError(400, 'twoFactor.notStarted');
      if (!(await takeTotp(caller.userId, factor.secret, factor.lastTimeStep, code)))
        throw invalidField('code', 'twoFactor.badCode');
      return enableFactor(
        { id: caller.userId, username: caller.username, orgId: caller.orgId },
        ip,
        caller.sessionId,
      );
    },

    /** Turns the factor off: the password and a current code, and not where the organisation requires it. */
    async disable(caller: Caller, body: TwoFactorDisableBody, ip: string) {
      const factor = await factorOf(caller.userId);
      if (!factor?.enabledAt) throw new AppError(400, 'twoFactor.notEnabled');
      if (await twoFactorRequired(db, caller.orgId)) throw new AppError(400, 'twoFactor.required');
      const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
      if (!user || !(await verifyPassword(user.passwordHash, body.password)))
        throw invalidField('password', 'auth.wrongPassword');
      if (!(await takeTotp(caller.userId, factor.secret, factor.lastTimeStep, body.code)))
        throw invalidField('code', 'twoFactor.badCode');
      await clearTwoFactor(db, caller.userId);
      await audit(db, caller, {
        action: 'account.twoFactorDisabled',
        targetType: 'user',
        targetId: caller.userId,
        ip,
      });
    },

    /**
     * Step-up (STEP_UP_WINDOW_MS): the person proves presence again — the TOTP code where the account has
     * two-factor sign-in (a phished password alone is not enough), else the password — and the session may
     * take dangerous actions for the next minutes. Wrong proofs count towards the confirmation lock
     * (lib/passwords.ts) that remote writes and password changes share.
     */
    async stepUp(caller: Caller, body: StepUpBody, ip: string): Promise<StepUpResult> {
      if (!caller.sessionId) throw new AppError(403, 'apiToken.sessionOnly');
      const factor = await factorOf(caller.userId);
      if (factor?.enabledAt) {
        await refuseWhileConfirmsLocked(db, caller);
        if (!body.code) throw invalidField('code', 'validation.required');
        if (!(await takeTotp(caller.userId, factor.secret, factor.lastTimeStep, body.code))) {
          await countConfirmFailure(db, caller, ip);
          throw invalidField('code', 'twoFactor.badCode');
        }
      } else {
        if (!body.password) throw invalidField('password', 'validation.required');
        await confirmPassword(db, caller, body.password, 'password', ip);
      }
      const at = new Date();
      await db.update(sessions).set({ presenceAt: at }).where(eq(sessions.id, caller.sessionId));
      await audit(db, caller, { action: 'account.stepUp', targetType: 'user', targetId: caller.userId, ip });
      return { until: new Date(at.getTime() + STEP_UP_WINDOW_MS).toISOString() };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** Users with a second factor turned on, among `ids` (the user list's column). */
export async function usersWithSecondFactor(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(inArray(userTwoFactor.userId, ids), isNotNull(userTwoFactor.enabledAt)));
  return new Set(rows.map((r) => r.userId));
}
