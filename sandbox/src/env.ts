/**
 * The sandbox's bindings and settings.
 * @module
 */
import type { SandboxLedger } from './ledger';

/** Everything the sandbox Worker is bound to. */
export interface SandboxEnv {
  SANDBOX_CLIENT_ID: string;
  SANDBOX_SENDER: string;
  SANDBOX_SECRET_KEY: string;
  /** Comma-separated caller IPs allowed to make signed calls; `*` allows any. */
  SANDBOX_IP_WHITELIST: string;
  /** How many times faster than real time the sandbox clock runs. */
  SANDBOX_TIME_SCALE: string;
  /** Delay before scripted callbacks, in sandbox milliseconds. */
  SANDBOX_CALLBACK_DELAY_MS: string;
  /** Public base URL of the sandbox's browser pages. */
  SANDBOX_PUBLIC_URL: string;
  CATALOGUE?: string | Record<string, string | null>;
  LEDGER: DurableObjectNamespace<SandboxLedger>;
}
