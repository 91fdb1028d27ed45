import pino from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { NO_BROKER_CREDENTIALS } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import { createOutboxWorker } from '../lib/mailer.ts';

/** The OpenAPI document as the running server describes it (generated from the contract's schemas). */
export async function generateOpenApi(): Promise<string> {
  const database = await openDatabase({});
  const log = pino({ level: 'silent' });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const app = await buildApp({
    db: database.db,
    database,
    config,
    log,
    outbox: createOutboxWorker({ db: database.db, log, from: config.MAIL_FROM }),
    publishCommand: () => {},
    brokerReady: () => true,
    brokerCredentials: NO_BROKER_CREDENTIALS,
  });
  await app.ready();
  const doc = JSON.stringify(app.swagger(), null, 2);
  await app.close();
  await database.close();
  return `${doc}\n`;
}
