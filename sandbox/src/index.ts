/**
 * The sandbox Worker: an offline emulator of the upstream payments service.
 * @module
 */
import { Hono } from 'hono';
import type { SandboxEnv } from './env';

export { SandboxLedger } from './ledger';

/** The sandbox's Hono app. */
export const app = new Hono<{ Bindings: SandboxEnv }>();

app.get('/health', (c) => c.json({ ok: true, service: 'sandbox' }));

export default app;
