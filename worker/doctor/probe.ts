/**
 * The doctor's probes: a signed status query to the payment service and a plain POST to a URL,
 * read as raw status, message and the sandbox's refusal reason.
 * @module
 */
import { isJsonObject } from '../../shared/json-object';
import { signEnvelope, type SigningCredentials } from '../../shared/signing';
import { UPSTREAM_PATHS } from '../../shared/upstream-endpoints';
import type { Config } from '../config';
import type { ProxyEnv } from '../env';
import { upstreamFetch } from '../upstream-fetch';

/** How long one probe may take. */
export const PROBE_TIMEOUT_MS = 8_000;

/** One raw answer of a probe: what the doctor reports needs status and headers, which
 * callUpstream (built for the payment flow) folds into its four outcomes. */
export interface Probe {
  status: number | null;
  message: string;
  /** The sandbox's precise refusal reason (`X-Sandbox-Reason`); absent upstream. */
  reason: string | null;
  error?: string;
}

/** The status, the message (`message` or `error.message` of a JSON body) and the sandbox's reason. */
async function readProbe(response: Response): Promise<Probe> {
  const text = await response.text();
  let message = '';
  try {
    const body: unknown = JSON.parse(text);
    if (isJsonObject(body)) {
      const raw = body.message ?? (isJsonObject(body.error) ? body.error.message : undefined);
      if (typeof raw === 'string') message = raw;
    }
  } catch {
    /* not JSON */
  }
  return {
    status: response.status,
    message: message.slice(0, 200),
    reason: response.headers.get('x-sandbox-reason'),
  };
}

/** A status query for `reference`, signed with `credentials`, sent through the UPSTREAM binding
 * when there is one. */
export async function signedStatusQuery(
  env: ProxyEnv,
  config: Config,
  credentials: SigningCredentials,
  reference: string,
): Promise<Probe> {
  const body = JSON.stringify(await signEnvelope({ id: reference, type: 'payin' }, credentials));
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  };
  try {
    const response = await upstreamFetch(env, config, UPSTREAM_PATHS.status, init);
    return await readProbe(response);
  } catch (error) {
    return { status: null, message: '', reason: null, error: (error as Error).name };
  }
}

/** POSTs `body` to `url` (never following a redirect) and reads the answer. */
export async function probeUrl(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<Probe> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'unified-checkout-doctor',
        ...headers,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return await readProbe(response);
  } catch (error) {
    return { status: null, message: '', reason: null, error: (error as Error).name } as Probe;
  }
}
