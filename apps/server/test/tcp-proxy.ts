import net from 'node:net';

/**
 * A TCP proxy a test controls, to put a database behind a network fault:
 * - `pass`: bytes flow both ways;
 * - `refuse`: open connections are cut and new ones refused (the port is closed);
 * - `hang`: connections are accepted and open ones kept, but nothing flows any more.
 */
export interface TcpProxy {
  port: number;
  pass(): Promise<void>;
  refuse(): Promise<void>;
  hang(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(upstream: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'pass' | 'refuse' | 'hang' = 'pass';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode !== 'pass') return; // hang: accepted, never answered
    const remote = net.connect(upstream.port, upstream.host);
    track(remote);
    const forward = (from: net.Socket, to: net.Socket) => from.on('data', (chunk) => {
      if (mode === 'pass') to.write(chunk);
    });
    forward(client, remote);
    forward(remote, client);
    client.on('close', () => remote.destroy());
    remote.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    port,
    async pass() {
      // Connections hung earlier carry half-finished exchanges: drop them so clients reconnect.
      if (mode === 'hang') cutAll();
      mode = 'pass';
      if (!server.listening) await listen(port);
    },
    async refuse() {
      mode = 'refuse';
      const closed = stopListening();
      cutAll();
      await closed;
    },
    hang() {
      mode = 'hang';
    },
    async close() {
      const closed = stopListening();
      cutAll();
      await closed;
    },
  };
}
