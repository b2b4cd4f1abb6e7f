/**
 * The Session Durable Object: one per checkout session.
 * @module
 */
import { DurableObject } from 'cloudflare:workers';
import type { ProxyEnv } from './env';

/** One checkout session's state, transitions, timers and live stream. */
export class CheckoutSession extends DurableObject<ProxyEnv> {}
