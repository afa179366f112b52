// The kinds of delivery and the channels that send them, by name. The queue knows none of them:
// each area hands its own over (server/main.ts registers where they come from), and the queue
// reads them the first time it needs one, in each of PocketBase's pooled engines. Each area loads
// on its first use in an engine (scripts/build-server.mjs), so a request that never queues
// anything never loads the areas that define kinds. Static code, never data: once read, nothing
// here changes.
import type { DeliveryChannel, DeliveryKind } from './types'

type KindSource = () => Record<string, DeliveryKind>
type ChannelSource = () => DeliveryChannel

const kindSources: KindSource[] = []
const channelSources: Record<string, ChannelSource> = {}
const channelOrder: string[] = []
let kinds: Record<string, DeliveryKind> | null = null
const channels: Record<string, DeliveryChannel> = {}

/** Where some kinds come from (an area's `kinds`), read when the queue first needs a kind. */
export function registerKinds(source: KindSource): void {
  kindSources.push(source)
  kinds = null
}

/**
 * Where the channel `name` (a transport: mail, webhook, push) comes from, read the first time a
 * row of it is sent, so an engine that only sends mail never loads the push area's cryptography.
 */
export function registerChannel(name: string, source: ChannelSource): void {
  if (has(channelSources, name))
    throw new Error(`deliveries: channel "${name}" is registered twice`)
  channelSources[name] = source
  channelOrder.push(name)
}

function has(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key)
}

/** Every kind, by name, in registration order; a name registered twice is a programming error. */
function allKinds(): Record<string, DeliveryKind> {
  if (kinds) return kinds
  const byName: Record<string, DeliveryKind> = {}
  for (const source of kindSources) {
    const more = source()
    for (const name of Object.keys(more)) {
      if (byName[name]) throw new Error(`deliveries: kind "${name}" is registered twice`)
      byName[name] = more[name]
    }
  }
  kinds = byName
  return byName
}

/** The kind named `name`; throws for an unknown one. */
export function kindOf(name: string): DeliveryKind {
  const kind = findKind(name)
  if (!kind) throw new Error(`deliveries: unknown kind "${name}"`)
  return kind
}

/** The kind named `name`, or null for one no area registers (a row of a removed kind). */
export function findKind(name: string): DeliveryKind | null {
  const byName = allKinds()
  return has(byName, name) ? byName[name] : null
}

/** Every registered kind's name, in registration order. */
export function kindNames(): string[] {
  return Object.keys(allKinds())
}

/** The channel named `name`; throws for an unknown one. */
export function channelOf(name: string): DeliveryChannel {
  if (has(channels, name)) return channels[name]
  if (!has(channelSources, name)) throw new Error(`deliveries: unknown channel "${name}"`)
  const channel = channelSources[name]()
  if (channel.name !== name) {
    throw new Error(`deliveries: channel "${name}" is registered as "${channel.name}"`)
  }
  channels[name] = channel
  return channel
}

/** Every registered channel's name, in registration order. */
export function channelNames(): string[] {
  return channelOrder.slice()
}
