// `cloudflare:workers` for Node, where the OpenAPI document is built (scripts/openapi.mjs): the
// Worker's Durable Object classes extend DurableObject when their modules load; none is run.
export class DurableObject {
  constructor(ctx, env) {
    this.ctx = ctx;
    this.env = env;
  }
}
