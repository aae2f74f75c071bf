import dgram from 'node:dgram'
import type { AddressInfo } from 'node:net'
import dnsPacket from 'dns-packet'

export type DnsZone = {
  /** TXT records by name (each record one string). A name not listed answers NXDOMAIN. */
  txt: Record<string, string[]>
  /** Names whose queries are dropped, as a DNS server that does not answer. */
  silent?: string[]
}

/** A DNS server on 127.0.0.1 that answers TXT queries from `zone` (dns-packet over UDP): the test's own DNS. */
export async function startDns(zone: DnsZone): Promise<{ server: string; close: () => Promise<void> }> {
  const socket = dgram.createSocket('udp4')
  socket.on('message', (message, remote) => {
    const query = dnsPacket.decode(message)
    const question = query.questions?.[0]
    if (!question) return
    const name = question.name.toLowerCase()
    if (zone.silent?.includes(name)) return
    const records = zone.txt[name]
    const answer = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (records ? 0 : 3),
      questions: [question],
      answers: records && question.type === 'TXT' ? records.map((record) => ({ type: 'TXT' as const, name: question.name, ttl: 60, data: [record] })) : [],
    })
    socket.send(answer, remote.port, remote.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address() as AddressInfo
  return { server: `127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) }
}
