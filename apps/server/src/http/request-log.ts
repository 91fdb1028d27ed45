import { ALL_ENDPOINTS } from '@pvstar/contract/endpoints/index';
import type { FastifyRequest } from 'fastify';

/** Names of values that are secrets wherever they travel: a path parameter or a query value. */
const SECRET_NAME = /^(token|code|password|secret)$/i;

/** Query parameters whose values are secrets (the firmware download token, codes, passwords). */
const SECRET_QUERY = /([?&](?:token|code|password|secret)=)[^&#]*/gi;

const isSecretParam = (segment: string) => segment.startsWith(':') && SECRET_NAME.test(segment.slice(1));

/**
 * The routes with a secret path parameter (`/public/plant/:token`, the report's unsubscribe link), by their
 * segments: derived from the endpoint table, so a new route with a `:token` is covered without a list of
 * its own.
 */
const SECRET_ROUTES: string[][] = [...new Set(ALL_ENDPOINTS.map((e) => e.path))]
  .map((routePath) => routePath.split('/').filter(Boolean))
  .filter((segments) => segments.some(isSecretParam));

/** A path segment as the router compares it (percent-escapes decoded), in lower case. */
function segmentText(part: string): string {
  try {
    return decodeURIComponent(part).toLowerCase();
  } catch {
    return part.toLowerCase();
  }
}

/**
 * The path with the secret segments of its route replaced. A route matches the path's first segments
 * however they are written (any case, escaped, doubled slashes), whatever follows: a link with a slash or a
 * word appended (answered 404) keeps its secret out of the log too.
 */
function redactPath(path: string): string {
  const parts = path.split('/');
  const words = parts.flatMap((part, i) => (part ? [i] : []));
  const route = SECRET_ROUTES.find(
    (segments) =>
      words.length >= segments.length &&
      segments.every((s, k) => s.startsWith(':') || s.toLowerCase() === segmentText(parts[words[k]!]!)),
  );
  if (!route) return path;
  route.forEach((s, k) => {
    if (isSecretParam(s)) parts[words[k]!] = '[redacted]';
  });
  return parts.join('/');
}

/** A URL as the logs may keep it: secret path segments and secret query values replaced. */
export function urlForLog(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  const rest = cut < 0 ? '' : url.slice(cut);
  return redactPath(path) + rest.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * What the request log records of a request: never its headers (Authorization) or body (passwords,
 * codes, invitation tokens), and its URL without secrets (urlForLog).
 */
export function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: urlForLog(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
