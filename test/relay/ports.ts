// Where the relay test's Node side listens (test/relay/setup.ts) and the proxy under test calls
// (vitest.config.ts, the `relay` project): the standalone sandbox, and the relay in front of it.
// The relay's calls leave from 127.0.0.2, the only address the sandbox's whitelist admits; the
// proxy's (workerd's) from 127.0.0.1.
// Fixed (not the OS's pick): the workerd project's SERVICE_BASE_URL is set when vitest.config.ts
// loads, before the global setup starts anything.
const [sandbox, relay] = [8815, 8816];

export const RELAY_TEST = {
  sandbox: `http://127.0.0.1:${sandbox}`,
  relay: `http://127.0.0.1:${relay}`,
  relayPort: relay!,
  sandboxPort: sandbox!,
  /** The one address the sandbox admits: the relay's egress. */
  relayAddress: '127.0.0.2',
  /** The relay's token, as the Worker's RELAY_TOKEN secret. */
  token: 'relay-token-of-the-test-0123456789abcdef',
} as const;
