/**
 * The OpenAPI contract, checked in Node for the workerd suites: every response the tests receive
 * from the merchant and checkout APIs (test/proxy/helpers.ts sends each one here) and every
 * merchant webhook the dev receiver got (test/proxy/setup/openapi-contract.ts) is validated
 * against the document generated from the Worker's app (ajv, JSON Schema 2020-12). workerd cannot
 * compile validators (no eval), hence a Node-side service binding, like figures-recorder.ts.
 *
 * `POST /responses` `[{ method, url, status, contentType, body }, …]` and `POST /webhook`
 * `{ body }` answer `{ problems: string[] }` (empty: they conform).
 * @module
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildDocument } from '../../scripts/openapi.mjs';

type Json = Record<string, unknown>;

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  literals: number;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

/** A response as the helpers saw it. */
export interface SeenResponse {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  body: string;
}

/** Checks responses and webhooks against one document. */
export class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false });
  private readonly routes: Route[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document, 'doc');
    const paths = document.paths as Record<string, Record<string, Json>>;
    for (const [template, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        this.routes.push({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
          literals: template.split('/').filter((part) => part && !part.startsWith('{')).length,
          responses: operation.responses as Route['responses'],
        });
      }
    }
    this.routes.sort((a, b) => b.literals - a.literals);
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `doc${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  private problemsOf(pointer: string, value: unknown, what: string): string[] {
    const validate = this.validator(pointer);
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (e) =>
        `${what}: ${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
    );
  }

  /** Problems of one response of the merchant or checkout API (paths under /v1/). */
  response(seen: SeenResponse): string[] {
    const url = new URL(seen.url);
    if (!url.pathname.startsWith('/v1/') || seen.method === 'OPTIONS' || seen.method === 'HEAD') {
      return [];
    }
    const what = `${seen.method} ${url.pathname} → ${seen.status}`;
    const json = seen.contentType?.includes('application/json') ?? false;
    const route = this.routes.find((r) => r.method === seen.method && r.pattern.test(url.pathname));
    if (!route) {
      // No such operation (an unknown path or method): an error body all the same.
      if (seen.status < 400) return [`${what}: no operation in the document answers it`];
      return json ? this.problemsOf('#/components/schemas/ErrorBody', parse(seen.body), what) : [];
    }
    const answer = route.responses[String(seen.status)];
    if (!answer) return [`${what}: status ${seen.status} is not documented for ${route.template}`];
    if (!answer.content) return [];
    const types = Object.keys(answer.content);
    const type = types.find((t) => seen.contentType?.startsWith(t));
    if (!type)
      return [`${what}: content-type ${seen.contentType} is not one of ${types.join(', ')}`];
    if (type !== 'application/json') return [];
    const pointer =
      `#/paths/${escapePointer(route.template)}/${route.method.toLowerCase()}` +
      `/responses/${seen.status}/content/application~1json/schema`;
    return this.problemsOf(pointer, parse(seen.body), what);
  }

  /** Problems of one merchant webhook body. */
  webhook(body: unknown): string[] {
    const type = (body as { type?: unknown } | null)?.type;
    const webhooks = this.document.webhooks as Record<string, Json>;
    if (typeof type !== 'string' || !webhooks[type])
      return [`webhook of unknown type ${String(type)}`];
    const pointer = `#/webhooks/${escapePointer(type)}/post/requestBody/content/application~1json/schema`;
    return this.problemsOf(pointer, body, `webhook ${type}`);
  }
}

/**
 * The document, generated from the Worker's app (scripts/openapi.mjs, through Vite's module
 * runner) once per vitest process: imported by vitest.config.ts directly, its extensionless
 * imports would be bundled into the config.
 */
async function loadContract(): Promise<Contract> {
  return new Contract(await buildDocument());
}

function escapePointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The service binding's handler.
 *
 * @example
 * serviceBindings: { OPENAPI_CONTRACT: contractService() }
 */
export function contractService(): (request: Request) => Promise<Response> {
  let contract: Promise<Contract> | undefined;
  return async (request) => {
    contract ??= loadContract();
    const path = new URL(request.url).pathname;
    const body: unknown = await request.json();
    const checker = await contract;
    const problems =
      path === '/webhook'
        ? checker.webhook((body as { body?: unknown }).body)
        : (body as SeenResponse[]).flatMap((seen) => checker.response(seen));
    return Response.json({ problems });
  };
}
