import { randomUUID } from 'node:crypto';
import type { Server, Socket } from 'node:net';
import type { ErrorCode } from '@fxid/contract';
import { ERROR_STATUS } from '@fxid/contract';
import { PROBLEM_JSON, problemFor } from './problem.js';

/**
 * Answers what Node refuses before Fastify sees a request (a request that took too
 * long, headers too large, bytes that are not HTTP) with problem details like every
 * other answer, then closes the connection.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset or already closed connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, detail]: [ErrorCode, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['request_timeout', 'The request was not received in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ['headers_too_large', 'The request headers are too large']
        : ['validation_failed', 'The request is not valid HTTP'];
  if (socket.writable) {
    const status = ERROR_STATUS[code];
    const body = JSON.stringify(problemFor({ url: '', id: randomUUID() }, { status, code, detail }));
    socket.write(
      `HTTP/1.1 ${status} ${statusText(status)}\r\nContent-Type: ${PROBLEM_JSON}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function statusText(status: number): string {
  return { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status] ?? 'Error';
}

/**
 * Holds each client address to `max` open connections, so that one address cannot
 * exhaust the server's sockets with slow requests; further connections are closed at
 * once. Addresses on `exempt` (load tests, internal checkers) are not counted.
 */
export function capConnectionsPerAddress(server: Server, max: number, exempt: readonly string[]): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (exempt.includes(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
