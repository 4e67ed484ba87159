import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pretty from 'pino-pretty';

/** One request's line as the serializers left it: `req` and `res` are already redacted and trimmed. */
interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * LOG_FORMAT=pretty: pino-pretty formats each line after pino has applied the
 * serializers and redaction, so a readable line never shows more than the JSON would.
 * A request is one line, `GET /api/v1/games 200 3 ms`, with its reqId.
 */
export function prettyLogStream(destination: NodeJS.WritableStream = process.stdout): NodeJS.WritableStream {
  return pretty({
    destination,
    colorize: 'isTTY' in destination && destination.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,req,res,responseTime',
    singleLine: true,
    messageFormat: (log, messageKey) => {
      const { req, res, responseTime } = log as RequestLine;
      if (!req || !res) return String(log[messageKey] ?? '');
      return `${req.method} ${req.url} ${res.statusCode} ${Math.round(responseTime ?? 0)} ms`;
    },
  });
}

/**
 * Fastify's request lines in pretty mode: nothing when a request arrives, and one line
 * when it completes carrying the request too (through the logger's `req` serializer,
 * as Fastify's own lines are). Errors are logged as before.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
