/**
 * The named schemas of the OpenAPI document (`components.schemas`): a zod registry, so that
 * `z.toJSONSchema` writes a `$ref` wherever a named schema is used.
 * @module
 */
import * as z from 'zod';

/** What a named schema carries into the document. */
export interface SchemaMeta {
  /** Its name under `components.schemas`. */
  id: string;
  description?: string;
}

/** Every named schema. */
export const components = z.registry<SchemaMeta>();

/**
 * Names a schema (once; the same schema object is reused wherever it appears).
 *
 * @example
 * export const balanceSchema = named('Balance', z.object({ data: z.array(z.unknown()) }));
 */
export function named<S extends z.core.$ZodType>(id: string, schema: S, description?: string): S {
  if (!components.has(schema)) components.add(schema, description ? { id, description } : { id });
  return schema;
}
