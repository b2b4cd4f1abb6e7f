/**
 * The Hono environment of the sandbox's routes: bindings and per-request variables.
 * @module
 */
import type { SandboxEnv } from './env';

/** Bindings plus what the middleware hands to the routes. */
export interface SandboxApp {
  Bindings: SandboxEnv;
  Variables: {
    /** The verified envelope's `params` (signed endpoints). */
    params: Record<string, unknown>;
    /** True when an injected `no_callback` fault applies to this call. */
    silent: boolean;
  };
}
