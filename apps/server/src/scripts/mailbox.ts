import { ConfigError, loadConfig } from '../config.ts';
import { devMailbox } from '../lib/mailer.ts';

/**
 * `npm run mailbox`: prints the development mailbox, the messages a server without SMTP would have sent
 * (codes, generated passwords), newest last. Demo mode only: elsewhere there is no mailbox to read.
 */
try {
  const config = loadConfig();
  const mailbox = devMailbox(config);
  if (!mailbox) {
    process.stderr.write('The development mailbox exists only in demo mode (DEMO=true).\n');
    process.exit(1);
  }
  const messages = mailbox.list();
  if (!messages.length) process.stdout.write(`No messages in ${mailbox.file}.\n`);
  for (const m of messages)
    process.stdout.write(`── ${m.at}  ${m.channel} to ${m.to}\n${m.subject}\n\n${m.body}\n\n`);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(2);
}
