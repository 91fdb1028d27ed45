import type { Endpoint, EndpointRequest, RequestOf, ResponseOf } from '@pvstar/contract/endpoint';
import { type RequestOptions, request, type UploadOptions, upload as uploadFile } from './http.ts';

type CallOptions = Omit<RequestOptions, 'body' | 'query' | 'blob'>;

/** An endpoint whose request has no required part may be called without one. */
type InputArgs<E, O> =
  Record<never, never> extends RequestOf<E>
    ? [input?: RequestOf<E>, opts?: O]
    : [input: RequestOf<E>, opts?: O];

/** Fills the path parameters: the path /station/station/detail/:id with { id: 5 } becomes /station/station/detail/5. */
export function pathOf(endpoint: Endpoint, params: EndpointRequest['params'] = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.operationId}: path parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls an endpoint of the contract's table: its method and path, the input's path parameters, query
 * string and body, typed by the entry; a file endpoint resolves with a Blob.
 */
export function call<E extends Endpoint<EndpointRequest, unknown, 'json' | 'file'>>(
  endpoint: E,
  ...[input, opts]: InputArgs<E, CallOptions>
): Promise<ResponseOf<E>> {
  const req = (input ?? {}) as EndpointRequest;
  return request<ResponseOf<E>>(endpoint.method, pathOf(endpoint, req.params), {
    ...opts,
    query: req.query as RequestOptions['query'],
    body: endpoint.method === 'POST' ? (req.body ?? {}) : undefined,
    blob: endpoint.kind === 'file',
  });
}

/** Sends one file to an upload endpoint as multipart field `file`, the entry's body fields before it. */
export function upload<E extends Endpoint<EndpointRequest, unknown, 'upload'>>(
  endpoint: E,
  file: File,
  opts: Omit<UploadOptions, 'fields'> & { fields?: RequestOf<E>['body'] } = {},
): Promise<ResponseOf<E>> {
  return uploadFile<ResponseOf<E>>(pathOf(endpoint), file, opts as UploadOptions);
}

/**
 * The query key of an endpoint's answers: [domain, operation, input]. `[endpoint.tag]` matches every
 * answer of a domain, `queryKey(endpoint)` every answer of one endpoint (for invalidation).
 */
export function queryKey(endpoint: Endpoint, input?: unknown): readonly unknown[] {
  return input === undefined
    ? [endpoint.tag, endpoint.operationId]
    : [endpoint.tag, endpoint.operationId, input];
}
