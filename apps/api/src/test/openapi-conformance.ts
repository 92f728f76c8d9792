import Ajv, { type ValidateFunction } from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/*
 * Checks real answers against the published OpenAPI document, as a generated client or a strict
 * validator reads it: the status is documented, the content type is one the document names, and
 * a JSON body validates against its schema. Schemas are compiled by Ajv for JSON Schema draft 04
 * (OpenAPI 3.0's schema object is a draft-04 dialect: boolean exclusiveMinimum) with `nullable`
 * read as OpenAPI 3.0 defines it: null is allowed by the type, yet `enum` still has to list it.
 */

interface MediaType {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** "GET /api/events/{id}": an operation as the document names it. */
export type OperationName = `${'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'} /${string}`;

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  apiKey?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export function openApiConformance(app: FastifyInstance, doc: OpenApiDocument) {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  // OpenAPI's format for bytes sent as they are; the body is not JSON, so nothing to check.
  ajv.addFormat('binary', true);
  const validators = new Map<string, ValidateFunction>();
  const exercised = new Map<string, Set<number>>();

  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => METHODS.has(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

  function operation(name: string): Operation {
    const [method = '', path = ''] = name.split(' ');
    const op = doc.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${name} is not in the OpenAPI document`);
    return op;
  }

  function validator(name: string, status: string, mediaType: string, schema: object) {
    const id = `${name} ${status} ${mediaType}`;
    let validate = validators.get(id);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(id, validate);
    }
    return validate;
  }

  /** What is wrong with the answer by the document; empty when it conforms. */
  function problems(name: string, res: LightMyRequestResponse): string[] {
    const op = operation(name);
    const status = String(res.statusCode);
    const documented =
      op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
    if (!documented) {
      return [`status ${status} is not documented (${Object.keys(op.responses).join(', ')})`];
    }
    const content = documented.content ?? {};
    const header = res.headers['content-type'];
    if (Object.keys(content).length === 0) {
      return res.rawPayload.length === 0
        ? []
        : [`a body (${String(header)}) where none is documented`];
    }
    const mediaType = String(header ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    const documentedType = mediaType ? content[mediaType] : undefined;
    if (!mediaType || !documentedType) {
      return [
        `content type ${String(header)} is not documented (${Object.keys(content).join(', ')})`,
      ];
    }
    if (!/[/+]json$/.test(mediaType) || !documentedType.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return ['the body is not JSON'];
    }
    const validate = validator(name, status, mediaType, documentedType.schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `body${e.instancePath} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`,
    );
  }

  return {
    operations,
    /** Every status seen per operation, for the report. */
    exercised,
    problems,
    /**
     * Sends a request to the operation (path parameters filled in) and returns the answer with
     * what is wrong with it by the document. The API key goes in the X-Api-Key header.
     */
    async call(name: OperationName, opts: CallOptions = {}) {
      operation(name);
      const [method = 'GET', template = ''] = name.split(' ');
      const url = template.replace(/\{([^}]+)\}/g, (_, key: string) => {
        const value = opts.params?.[key];
        if (value === undefined) throw new Error(`${name}: no value for {${key}}`);
        return key === '*' ? String(value) : encodeURIComponent(String(value));
      });
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
      const query = Object.fromEntries(
        Object.entries(opts.query ?? {}).map(([k, v]) => [k, String(v)]),
      );
      const inject: InjectOptions = {
        method,
        url,
        query,
        headers,
        ...(opts.body === undefined ? {} : { payload: opts.body as InjectOptions['payload'] }),
        ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
      };
      const res = await app.inject(inject);
      const seen = exercised.get(name) ?? new Set<number>();
      seen.add(res.statusCode);
      exercised.set(name, seen);
      return { res, problems: problems(name, res) };
    },
  };
}
