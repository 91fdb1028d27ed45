/**
 * PostgreSQL's error of a failed statement, as both drivers report it: `pg` throws it, drizzle wraps it in
 * a `cause`. The SQLSTATE codes the modules map to answers: 23505 unique violation, 23503 foreign key.
 */
function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return e?.code ? e : e?.cause;
}

/** A unique violation (of `constraint`, when named): a row that would repeat another. */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean => {
  const e = pgError(err);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
};

/** A foreign-key violation: the row is still referenced, or refers to one that is gone. */
export const isForeignKeyViolation = (err: unknown): boolean => pgError(err)?.code === '23503';
