import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config';

/**
 * The logger's settings. At a terminal (LOG_FORMAT=auto, `npm start`, `npm run dev`) lines go
 * through pino-pretty in this process: a transport's target would be resolved by name at run time
 * from a worker thread, which the bundled server gains nothing from. Anywhere else (a service
 * manager, a container, a file) they stay one JSON object per line, for a log processor.
 */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  const destination =
    stream ??
    (config.logFormat === 'pretty'
      ? pretty({
          colorize: true,
          // Written at once, as pino's own stdout is: the last lines before process.exit are not lost.
          sync: true,
          translateTime: 'SYS:HH:MM:ss.l',
          singleLine: true,
          // A request line reads `GET /api/v1/Project 200 3.1 ms {"reqId":"…"}`.
          ignore: 'pid,hostname,method,route,statusCode,durationMs',
          messageFormat: (log, messageKey) =>
            typeof log['method'] === 'string'
              ? `${log['method']} ${String(log['route'] ?? '(no route)')} ${String(log['statusCode'])} ${String(log['durationMs'])} ms`
              : String(log[messageKey] ?? ''),
        })
      : undefined);
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(destination ? { stream: destination } : {}),
  };
}
