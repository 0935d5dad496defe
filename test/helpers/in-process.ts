import injectRequest, { type InjectOptions, type Response as Injected } from 'light-my-request';
import { createServer, type DiseaseServer, type ServerSeams } from '../../server/create-server.ts';
import { readServerSettings } from '../../server/settings.ts';

/**
 * The server in this process, built by createServer from settings as main.ts builds it: the same
 * app, the same router, the same guards. `env` holds the settings (DIST_DIR, KEYS_FILE, ...); by
 * default it listens on an ephemeral loopback port with the log silent. `seams` puts stand-ins
 * where a test needs them (a DNS resolver, a fast webhook schedule).
 */
export async function buildServer(env: Record<string, string>, seams: ServerSeams = {}): Promise<DiseaseServer> {
  return createServer(readServerSettings({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env }), seams);
}

export interface ListeningServer {
  url: string;
  server: DiseaseServer;
  close(): Promise<void>;
}

/** buildServer, listening, with its webhook deliveries started (when this process delivers). */
export async function startInProcess(env: Record<string, string>, seams: ServerSeams = {}): Promise<ListeningServer> {
  const server = await buildServer(env, seams);
  const url = await server.listen();
  await server.webhooksStarted();
  return {
    url,
    server,
    async close() {
      server.service.closeAll();
      await server.close('test done');
    },
  };
}

/**
 * A request through the app without a socket, as fastify's inject() does (light-my-request): the
 * server's own request listener (`app.handle`) answers it, so it takes the production path from
 * the router on. Node's HTTP parser, timeouts and TLS are not in it: a test of those listens.
 */
export function inject(server: DiseaseServer, request: InjectOptions | string): Promise<Injected> {
  return injectRequest((req, res) => server.app.handle(req as never, res as never), request);
}
