// Runs the API suite a second time on real PostgreSQL when DATABASE_URL is set (CI sets it when a
// server answers); each test file then gets its own fresh database on that server.
import { spawnSync } from 'node:child_process';

if (!process.env.DATABASE_URL) {
  console.log('test:pg: DATABASE_URL is not set — the PostgreSQL run is skipped (PGlite ran in test:unit).');
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', 'apps/server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(run.status ?? 1);
