/**
 * The sandbox's ledger Durable Object.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import type { SandboxEnv } from './env';

/** Every transaction of the sandbox. */
export class SandboxLedger extends DurableObject<SandboxEnv> {}
