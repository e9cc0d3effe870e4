import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** The status it was answered with, once answered. */
  status?: number;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

/** A request a simulator could not answer: its own defect, or a body no vendor would parse. */
export interface Crash {
  method: string;
  path: string;
  error: string;
}

/**
 * A tiny HTTP server on loopback that records what it was asked; the base of every simulator.
 * A request the simulator cannot answer (its handler throws: a body that is not JSON, or a defect
 * of the simulator) is answered as the vendor answers a malformed request — a 4xx, never a 5xx
 * that the client under test would retry as a passing fault — and kept in `crashes`, which
 * useTestApp checks is empty after every test.
 */
export class HttpFake {
  readonly requests: RecordedRequest[] = [];
  readonly crashes: Crash[] = [];
  private server: Server | null = null;
  private port = 0;

  constructor(
    private readonly handle: Handler,
    /** How the vendor answers a request it cannot parse. */
    private readonly malformed: (res: ServerResponse, error: Error) => void = (res, error) =>
      json(res, 400, { error: 'malformed_request', message: error.message }),
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        this.requests.push(recorded);
        res.on('finish', () => (recorded.status = res.statusCode));
        const fail = (error: Error) => {
          this.crashes.push({ method: recorded.method, path: recorded.path, error: error.message });
          if (!res.headersSent) this.malformed(res, error);
        };
        try {
          Promise.resolve(this.handle(recorded, res)).catch(fail);
        } catch (error) {
          fail(error as Error);
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location });
  res.end();
}
