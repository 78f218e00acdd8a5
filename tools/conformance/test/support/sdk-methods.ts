import type Firecrawl from '@mendable/firecrawl-js'

/** The public methods of an SDK client: every function on its prototype chain (not getters). */
export function sdkMethods(client: object): string[] {
  const names = new Set<string>()
  for (let proto = Object.getPrototypeOf(client); proto && proto !== Object.prototype; ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name)
      if (name !== 'constructor' && typeof descriptor?.value === 'function') names.add(name)
    }
    proto = Object.getPrototypeOf(proto)
  }
  return [...names].sort()
}

/**
 * The client with every method call it receives noted in `called`: the suite's cases call the SDK
 * through it, so the last case can tell which methods of the SDK were driven. Calls the SDK makes
 * on itself (`crawl` starting and polling) are not counted: only what a user calls.
 */
export function recordingSdk(client: Firecrawl, called: Set<string>): Firecrawl {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (typeof value !== 'function' || typeof property !== 'string') return value
      return (...args: unknown[]) => {
        called.add(property)
        return value.apply(target, args)
      }
    },
  })
}
