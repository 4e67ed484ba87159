import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One request the server received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * An HTTPS service on loopback for tests of clients that only speak https (push services,
 * error-reporting ingest): a fresh self-signed certificate, every request recorded, each
 * path answered with the status set for it.
 */
export interface RecordingHttpsServer {
  origin: string;
  /** The self-signed certificate (PEM) and its file, for clients to trust (NODE_EXTRA_CA_CERTS). */
  ca: string;
  caFile: string;
  received: ReceivedRequest[];
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startRecordingHttpsServer(defaultStatus: number): Promise<RecordingHttpsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'fxid-https-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyFile, '-out', caFile, '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ], { stdio: 'ignore' }); // biome-ignore format: one openssl command line
  const ca = readFileSync(caFile, 'utf8');
  const received: ReceivedRequest[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer({ key: readFileSync(keyFile), cert: ca }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ method: request.method ?? '', path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? defaultStatus).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    ca,
    caFile,
    received,
    answer: (path, status) => statuses.set(path, status),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
