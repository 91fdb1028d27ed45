import { describe, it } from 'vitest';
import { startDynsecAndIngest } from '../device-loop.ts';
import { dynsecMissing } from '../private-services.ts';
import { describeMqttAbuse } from './mqtt-abuse-suite.ts';

/** The same abuse suite against Mosquitto with the dynamic-security plugin, provisioned as MQTT_AUTH=dynsec does. */
const missing = dynsecMissing();
if (missing)
  describe.skip(`MQTT abuse on Mosquitto dynsec: skipped, ${missing}`, () => it('needs Mosquitto', () => {}));
else
  describeMqttAbuse('Mosquitto with dynsec', (t) => startDynsecAndIngest(t, { name: 'abuse-dynsec' }), {
    refusedPublish: 'drops',
    refusedConnack: 5,
  });
