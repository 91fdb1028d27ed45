import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { pathIdsSql } from './scope.ts';

/**
 * Webhook events into the outbox (issue 22): `events` is a query of rows `(plant_id int, type text,
 * data jsonb)`; each becomes one delivery per enabled, unpaused endpoint of the plant's organisation or
 * an organisation above it that subscribed to the type. One set-based statement, written in the
 * transaction of the change it tells of, so an event is kept exactly when the change is. While no
 * endpoint is in service at all, the one-time EXISTS lets the statement end before it reads any plant:
 * the fleet's hot paths (ingest, the status sweeper) pay nothing measurable for it.
 */
export const webhookInsert = (events: SQL) => sql`
  INSERT INTO webhook_deliveries (webhook_id, event_type, plant_id, payload)
  SELECT w.id, e.type, p.id,
    jsonb_build_object('plant', jsonb_build_object('id', p.id, 'name', p.name, 'plantNo', p.plant_no), 'data', e.data)
  FROM (${events}) e(plant_id, type, data)
  JOIN plants p ON p.id = e.plant_id
  JOIN organizations po ON po.id = p.org_id
  JOIN webhooks w ON w.org_id = ANY(${pathIdsSql(sql`po.path`)})
    AND w.enabled AND w.paused_at IS NULL AND w.events ? e.type
  WHERE EXISTS (SELECT 1 FROM webhooks WHERE enabled AND paused_at IS NULL)`;

/** Runs webhookInsert on its own (one statement per batch). */
export async function emitWebhookEvents(tx: Tx, events: SQL) {
  await tx.execute(webhookInsert(events));
}

/** An alarm's data in its events (`a` is the alarms row). */
export const alarmEventData = sql`jsonb_build_object('alarmId', a.id, 'faultCode', a.fault_code,
  'level', a.alarm_level, 'kind', a.kind, 'deviceSn', a.source_sn, 'deviceType', a.device_type,
  'startedAt', a.started_at, 'endedAt', a.ended_at, 'endReason', a.end_reason)`;
