import './production-default';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError } from './db/database';
import { InstanceLockedError } from './db/instance-lock';
import { NewerDatabaseError } from './db/migrate';

/** Start-up failures the operator can fix get one clear line and exit code 1, no stack trace. */
function fail(message: string): never {
  process.stderr.write(`Error: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError || error instanceof NewerDatabaseError || error instanceof InstanceLockedError)
      fail(error.message);
    throw error;
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await app.close();
    if (code === 'EADDRINUSE') fail(`Port ${config.port} is already in use; set PORT to another port`);
    if (code === 'EACCES') fail(`No permission to listen on port ${config.port}; set PORT to a port above 1023`);
    if (code === 'EADDRNOTAVAIL') fail(`Cannot listen on HOST ${config.host}: address not available`);
    throw error;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests get a grace period to finish; after it, the connections still open are
    // cut (an upload then stores nothing and removes its temporary files), then the database
    // closes (onClose hooks).
    const grace = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
    const hardStop = setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000);
    grace.unref();
    hardStop.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
