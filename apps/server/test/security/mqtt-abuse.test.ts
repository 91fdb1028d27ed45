import { startBrokerAndIngest } from '../device-loop.ts';
import { describeMqttAbuse } from './mqtt-abuse-suite.ts';

describeMqttAbuse(
  'embedded broker',
  async (t) => {
    const loop = await startBrokerAndIngest(t, { name: 'abuse' });
    return { ...loop, port: loop.broker.port };
  },
  { refusedPublish: 'disconnects', refusedConnack: 4 },
);
