import { describe, expect, it } from 'vitest';
import { breakingChanges, unrecorded } from './openapi-compat.ts';

type Loose = any;
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const doc = (op: object, components: object = {}) => ({ paths: { '/x/{id}': { post: op } }, components });
const row = (properties: object, required: string[]) => ({ type: 'object', properties, required });

const base: Loose = {
  operationId: 'xEdit',
  parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
  requestBody: {
    required: true,
    ...json({
      ...row({ name: { type: 'string' }, kind: { type: 'string', enum: ['A', 'B'] } }, ['name']),
      additionalProperties: false,
    }),
  },
  responses: { 200: json(row({ id: { type: 'integer' }, name: { type: 'string' } }, ['id', 'name'])) },
};
const changed = (edit: (op: Loose) => unknown) =>
  breakingChanges(doc(base), doc(edit(structuredClone(base)) as object));

describe('breaking changes between two documents', () => {
  it('finds none between equal documents, nor for additions', () => {
    expect(breakingChanges(doc(base), doc(base))).toEqual([]);
    expect(
      changed((op) => {
        op.responses[200].content['application/json'].schema.properties.extra = {
          type: 'string',
        };
        op.requestBody.content['application/json'].schema.properties.kind.enum.push('C');
        return op;
      }),
    ).toEqual([]);
  });

  it('finds a removed operation, a removed answer field, a narrowed enum and a new required input', () => {
    expect(breakingChanges(doc(base), { paths: {} })).toEqual([
      { operation: 'POST /x/{id}', operationId: 'xEdit', change: 'removed' },
    ]);
    const changes = changed((op) => {
      const answer = op.responses[200].content['application/json'].schema;
      delete answer.properties.name;
      const body = op.requestBody.content['application/json'].schema;
      body.properties.kind.enum = ['A'];
      body.required.push('kind');
      op.parameters.push({ in: 'query', name: 'date', required: true, schema: { type: 'string' } });
      return op;
    }).map((c) => c.change);
    expect(changes).toEqual([
      'query date: a new required input',
      'body.kind: now required',
      'body.kind: no longer accepts "B"',
      '200.name: removed from the answer',
    ]);
  });

  it('finds a changed type through a component reference', () => {
    const withRef = (type: string) =>
      doc(
        { ...base, responses: { 200: json({ $ref: '#/components/schemas/Row' }) } },
        { schemas: { Row: row({ id: { type } }, ['id']) } },
      );
    expect(breakingChanges(withRef('integer'), withRef('string')).map((c) => c.change)).toEqual([
      '200.id: may now be string',
    ]);
  });

  it('lets a changelog line naming the operation or its id record a change', () => {
    const changes = breakingChanges(doc(base), { paths: {} });
    expect(unrecorded(changes, '- `POST /x/{id}` removed')).toEqual([]);
    expect(unrecorded(changes, '- xEdit removed')).toEqual([]);
    expect(unrecorded(changes, '- something else')).toEqual(changes);
  });
});
