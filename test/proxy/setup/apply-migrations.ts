// Setup file of the proxy projects: the query index's D1 migrations (migrations/, read by
// vitest.config.ts), applied before each test file (applyD1Migrations skips applied ones).
import { env } from 'cloudflare:workers';
import { applyD1Migrations } from 'cloudflare:test';

await applyD1Migrations(env.INDEX!, env.TEST_MIGRATIONS);
