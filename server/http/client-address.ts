import type { IncomingMessage } from 'node:http'
import proxyaddr from 'proxy-addr'

/** Which peers may tell us the client's address: none, or the proxies listed in TRUST_PROXY. */
export type ProxyTrust = ((address: string, hop: number) => boolean) | null

/**
 * TRUST_PROXY's list (addresses, CIDR ranges, or proxy-addr's names loopback, linklocal, uniquelocal) as a
 * trust function; throws on an entry that is not one of those.
 */
export function compileProxyTrust(list: string[]): ProxyTrust {
  return list.length ? proxyaddr.compile(list) : null
}

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy, in which case the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy. Entries to its left were written by the client.
 */
export function clientAddress(incoming: IncomingMessage | undefined, trust: ProxyTrust): string {
  const socketAddress = incoming?.socket.remoteAddress
  if (!incoming || !socketAddress) return 'unknown'
  if (!trust) return socketAddress
  return proxyaddr(incoming as Parameters<typeof proxyaddr>[0], trust)
}
