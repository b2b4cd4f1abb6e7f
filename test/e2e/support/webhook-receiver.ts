/**
 * The merchant's webhook endpoint for the end-to-end suite: a tiny Node HTTP server that
 * records every delivery exactly as it arrived (headers and raw body) and answers 200, so the
 * tests can verify each signature themselves with the package's built verifier.
 *
 * Routes: `POST /hooks` (the proxy's MERCHANT_WEBHOOK_URL), `GET /received` (what arrived, for
 * the test workers), `GET /stack-output` (the dev stack's log, from {@link ReceiverOptions.output}).
 * @module
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One delivery as it arrived. */
export interface ReceivedWebhook {
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body exactly as sent. */
  body: string;
  /** Epoch ms. */
  received_at: number;
}

/** Options of {@link startWebhookReceiver}. */
export interface ReceiverOptions {
  port: number;
  /** Returns the dev stack's output, served at `GET /stack-output` (read by the secret sweep). */
  output?: () => string;
}

/** A running receiver. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  base: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined)
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * Starts the receiver on 127.0.0.1.
 *
 * @example
 * const receiver = await startWebhookReceiver({ port: 8789 });
 * // MERCHANT_WEBHOOK_URL = `${receiver.base}/hooks`
 */
export async function startWebhookReceiver(options: ReceiverOptions): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://receiver').pathname;
      if (req.method === 'POST' && path === '/hooks') {
        const body = await readBody(req);
        received.push({ headers: flatHeaders(req), body, received_at: Date.now() });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } else if (req.method === 'GET' && path === '/received') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      } else if (req.method === 'GET' && path === '/stack-output') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(options.output?.() ?? '');
      } else {
        res.writeHead(404).end();
      }
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    base: `http://127.0.0.1:${options.port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
