// The sandbox is the main worker of the `sandbox` test project; this gives it its own types.
import { env as rawEnv, exports as rawExports } from 'cloudflare:workers';
import type { SandboxEnv } from '../../sandbox/src/env';

/** The sandbox Worker under test (real code, inside workerd). */
export const sandbox = (rawExports as unknown as { default: Fetcher }).default;
/** The sandbox's bindings in the test project. */
export const env = rawEnv as unknown as SandboxEnv;
