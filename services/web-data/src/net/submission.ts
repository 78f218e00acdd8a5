import { isIP } from 'node:net'
import { urlNotAllowed } from '../errors.js'
import { isPrivateAddress, resolveHost } from './guard.js'

/** Longest wait for one host's resolution at submission; a slower name is left to the job. */
const LOOKUP_TIMEOUT_MS = 2_000

/**
 * Refuses, when a job is submitted, every URL whose host is or resolves to a private address,
 * with the 403 `URL_NOT_ALLOWED` a scrape gives: a crawl, batch, extraction, agent run or monitor
 * (and a webhook) that could only fail later answers so at once. The guard still checks every
 * connection the job makes (a name may resolve differently later); a name that does not resolve
 * now is left to the job, which reports it like any unreachable page.
 */
export async function assertPublicUrls(
  urls: Iterable<string | undefined>,
  options: { allowPrivateUrls: boolean },
): Promise<void> {
  if (options.allowPrivateUrls) return
  const hosts = new Set<string>()
  for (const raw of urls) {
    if (!raw) continue
    try {
      hosts.add(new URL(raw.trim().replace(/\/\*$/, '/')).hostname)
    } catch {
      // not a URL: validation and the handlers answer it
    }
  }
  const refused = await Promise.all(
    [...hosts].map(async (host) => ((await isPrivateHost(host)) ? host : undefined)),
  )
  const host = refused.find((h) => h !== undefined)
  if (host !== undefined) throw urlNotAllowed(host)
}

/** The URLs a monitor fetches or notifies: its scrape and crawl targets and its webhook. */
export function monitorUrls(monitor: {
  targets?: readonly { urls?: readonly string[]; url?: string }[]
  webhook?: { url?: string } | null
}): string[] {
  const urls: string[] = []
  for (const target of monitor.targets ?? []) {
    urls.push(...(target.urls ?? []))
    if (target.url) urls.push(target.url)
  }
  if (monitor.webhook?.url) urls.push(monitor.webhook.url)
  return urls
}

async function isPrivateHost(host: string): Promise<boolean> {
  const bare = host.replace(/^\[|\]$/g, '')
  if (isIP(bare)) return isPrivateAddress(bare)
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<[]>((resolve) => {
    timer = setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS)
  })
  try {
    const addresses = await Promise.race([resolveHost(bare).catch(() => []), timeout])
    return addresses.some((a) => isPrivateAddress(a.address))
  } finally {
    clearTimeout(timer)
  }
}
