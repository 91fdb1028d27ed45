import type { WebhookDeliveryStatus } from '@pvstar/contract/webhook';
import type { TFunction } from 'i18next';

/** The events' labels, by their wire name (keys without dots: i18next reads a dot as nesting). */
const EVENT_KEYS: Record<string, string> = {
  'alarm.raised': 'webhook:event.alarmRaised',
  'alarm.ended': 'webhook:event.alarmEnded',
  'plant.offline': 'webhook:event.plantOffline',
  'plant.online': 'webhook:event.plantOnline',
  'plant.daily_summary': 'webhook:event.plantDailySummary',
  'firmware.finished': 'webhook:event.firmwareFinished',
  'remote.confirmed': 'webhook:event.remoteConfirmed',
  'webhook.test': 'webhook:event.webhookTest',
};
export const eventLabel = (t: TFunction, type: string) => (EVENT_KEYS[type] ? t(EVENT_KEYS[type]) : type);

const STATUS_KEYS: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'webhook:deliveryStatus.PENDING',
  SUCCEEDED: 'webhook:deliveryStatus.SUCCEEDED',
  FAILED: 'webhook:deliveryStatus.FAILED',
};
export const deliveryStatusLabel = (t: TFunction, s: WebhookDeliveryStatus) => t(STATUS_KEYS[s]);
export const DELIVERY_STATUS_COLOR: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'processing',
  SUCCEEDED: 'success',
  FAILED: 'error',
};
