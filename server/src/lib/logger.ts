import type { FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config';

/** Log bytes kept while the destination takes none (a full disk, a reader that stopped): the rest is dropped. */
const maxUnwrittenLogBytes = 1024 * 1024;

/**
 * Standard output for JSON lines, with a drop policy. pino's default destination, on a write that
 * fails (ENOSPC: the log on a full disk), raises an error nobody handles: the process begins to
 * exit, and its exit flush retries the write every 100 ms for ever, blocking the event loop — the
 * server then answers nothing, and never exits (issue 27, point 14). Here each line is written at
 * once (sync, so that the exit loses nothing and has nothing to flush); a failed write keeps up to
 * 1 MiB and drops the lines beyond it, and never blocks or throws; the next line that can be
 * written says how many were dropped.
 */
export function droppingStdout(fd = 1): DestinationStream {
  const destination = pino.destination({
    dest: fd,
    sync: true,
    maxLength: maxUnwrittenLogBytes,
    // A pipe whose reader stopped (EAGAIN): keep the lines in the buffer and go on, never sleep-and-retry.
    retryEAGAIN: () => false,
  });
  let dropped = 0;
  let failing = false;
  destination.on('drop', () => {
    dropped++;
  });
  destination.on('error', () => {
    failing = true;
  });
  destination.on('write', () => {
    if (!failing) return;
    failing = false;
    const lines = dropped;
    dropped = 0;
    destination.write(
      `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, droppedLines: lines, msg: 'the log could not be written for a while; lines were dropped' })}\n`,
    );
  });
  return destination;
}

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
      : droppingStdout());
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(destination ? { stream: destination } : {}),
  };
}
