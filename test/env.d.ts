// Types of `env` from 'cloudflare:workers' inside the workerd test projects.
type ProxyEnvForTests = import('../worker/env').ProxyEnv;
declare namespace Cloudflare {
  interface Env extends ProxyEnvForTests {}
}
