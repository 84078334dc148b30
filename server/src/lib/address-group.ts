import net from 'node:net';

/**
 * The client an address stands for: an IPv4 address itself (also when written IPv4-mapped), an
 * IPv6 address its /64 (`2001:db8:1:2::/64`).
 */
export function addressGroup(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && net.isIPv4(mapped[1]!)) return mapped[1]!;
  if (!net.isIPv6(address)) return ip;
  // The first four groups: those before '::' and, if it stands within them, zeros for it.
  const [head = '', tail] = address.split('::');
  const before = head === '' ? [] : head.split(':');
  const after = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined ? before : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return `${groups
    .slice(0, 4)
    .map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16).toString(16) : '0'))
    .join(':')}::/64`;
}
