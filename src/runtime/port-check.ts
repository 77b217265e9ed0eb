import net from 'node:net';

/** One port a start-up will bind, and the setting that moves it. */
export interface PortNeed {
  port: number;
  /** The address the server will bind: a probe on another address proves nothing about this one. */
  host: string;
  /** What the operator changes to move it (an environment variable, or a flag). */
  setting: string;
  /** Who is likely holding the port, for the message. */
  likelyHolder: string;
}

export class PortUnavailableError extends Error {
  constructor(
    message: string,
    readonly need: PortNeed,
  ) {
    super(message);
    this.name = 'PortUnavailableError';
  }
}

/**
 * Bind every port, keeping each bound until all are, then let them go. Binding (not connecting) is what
 * matters: it is what the server will do, and it also fails for a port that is held but not answering.
 * Holding them together makes two settings that name the same port clash here too, not later.
 */
export async function assertPortsFree(needs: PortNeed[]): Promise<void> {
  const held: Array<{ need: PortNeed; server: net.Server }> = [];
  try {
    for (const need of needs) {
      try {
        held.push({ need, server: await bind(need) });
      } catch (err) {
        const twin = held.find((h) => h.need.port === need.port)?.need;
        throw new PortUnavailableError(portUnavailableMessage(need, err as NodeJS.ErrnoException, twin), need);
      }
    }
  } finally {
    await Promise.all(held.map((h) => new Promise((resolve) => h.server.close(resolve))));
  }
}

/** One line that names the port, the setting that moves it, and what to do. */
export function portUnavailableMessage(need: PortNeed, err: NodeJS.ErrnoException, twin?: PortNeed): string {
  const { port, setting, host } = need;
  if (twin) return `Port ${port} is set for both ${twin.setting} and ${setting}; give each its own port.`;
  if (err.code === 'EADDRINUSE') {
    return `Port ${port} (${setting}) is already in use: ${need.likelyHolder} may be running; stop it or set ${setting} to a free port.`;
  }
  if (err.code === 'EACCES') {
    return `Port ${port} (${setting}) cannot be bound on ${host}: permission denied (ports below 1024 need privileges); set ${setting} to a free port above 1023.`;
  }
  return `Port ${port} (${setting}) cannot be bound on ${host}: ${err.code ?? err.message}; set ${setting} to a free port.`;
}

function bind(need: PortNeed): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: need.port, host: need.host, exclusive: true }, () => resolve(server));
  });
}
