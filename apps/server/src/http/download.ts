import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Sends a file to be saved, never shown by the browser: as an attachment, with its declared type only
 * (nosniff), and not kept in caches (exports hold personal data).
 */
export function sendAttachment(
  reply: FastifyReply,
  data: Buffer | Readable,
  file: { filename: string; type: string },
) {
  return (
    reply
      .header('Content-Type', file.type)
      // The name may hold user text (a firmware version): only letters, digits and ._- reach the header.
      .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(data)
  );
}
