import dgram from 'node:dgram';
import * as dnsPacket from 'dns-packet';

/**
 * A real DNS server on 127.0.0.1 (UDP, dns-packet for the wire format) serving TXT records that tests change
 * while it runs. Each record is a list of character-strings, so multi-string records (RFC 7208 §3.3) go over
 * the wire as they would from a real zone. A name with no entry is NXDOMAIN; a name set to `[]` exists with
 * no TXT records (NOERROR, no answers: Node's ENODATA); a name in `failing` answers SERVFAIL. TTL 0.
 */
export interface TestDnsServer {
  /** `127.0.0.1:port`, the DNS_SERVERS form. */
  address: string;
  port: number;
  setTxt(name: string, records: string[][]): void;
  deleteName(name: string): void;
  failing: Set<string>;
  /** Questions answered, as "TYPE name". */
  queries: string[];
  close(): Promise<void>;
}

const RCODE_SERVFAIL = 2;
const RCODE_NXDOMAIN = 3;

export async function startDnsServer(initial: Record<string, string[][]> = {}): Promise<TestDnsServer> {
  const zone = new Map<string, string[][]>(Object.entries(initial).map(([name, records]) => [name.toLowerCase(), records]));
  const failing = new Set<string>();
  const queries: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const q = query.questions?.[0];
    if (!q) return;
    const name = q.name.toLowerCase().replace(/\.$/, '');
    queries.push(`${q.type} ${name}`);
    const records = zone.get(name);
    const rcode = failing.has(name) ? RCODE_SERVFAIL : records ? 0 : RCODE_NXDOMAIN;
    const answers =
      rcode === 0 && q.type === 'TXT'
        ? (records ?? []).map((strings) => ({ type: 'TXT' as const, name: q.name, ttl: 0, class: 'IN' as const, data: strings }))
        : [];
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode,
      questions: query.questions,
      answers: answers as dnsPacket.Answer[],
    });
    socket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  return {
    address: `127.0.0.1:${port}`,
    port,
    setTxt: (name, records) => zone.set(name.toLowerCase(), records),
    deleteName: (name) => zone.delete(name.toLowerCase()),
    failing,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
