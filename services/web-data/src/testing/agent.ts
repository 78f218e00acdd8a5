import { expect } from 'vitest'
import { eventually, type TestService } from './harness.js'

type Client = TestService['client']

/** Starts a run and returns its id. */
export async function startRun(client: Client, body: Record<string, unknown>): Promise<string> {
  const { data, response } = await client.POST('/v2/agent', {
    body: body as never,
  })
  expect(response.status).toBe(200)
  return data?.id as string
}

/** Polls the status until it leaves `processing`. */
export async function finished(client: Client, id: string, timeoutMs = 20_000) {
  return eventually(async () => {
    const { data } = await client.GET('/v2/agent/{jobId}', {
      params: { path: { jobId: id } },
    })
    return data && data.status !== 'processing' ? data : undefined
  }, timeoutMs)
}

export interface TraceEventLike {
  type: string
  producerSequence: number
  toolCallId?: string
  outcome?: string
  error?: {
    code: string
    retryable: boolean
    source: string
    message: string
  } | null
  artifact?: { snapshotId: string }
  [key: string]: unknown
}

export async function trace(client: Client, id: string) {
  const { data, response } = await client.GET('/v2/agent/{jobId}/trace', {
    params: { path: { jobId: id } },
  })
  expect(response.status).toBe(200)
  return {
    ...data,
    events: (data?.events ?? []) as unknown as TraceEventLike[],
  }
}

/** Asserts the invariants every trace keeps: contiguous sequence, one start and finish per tool call. */
export function expectWellFormed(events: TraceEventLike[]): void {
  expect(events.map((e) => e.producerSequence)).toEqual(events.map((_, i) => i + 1))
  const started = events.filter((e) => e.type === 'tool_call.started').map((e) => e.toolCallId)
  const ended = events.filter((e) => e.type === 'tool_call.finished').map((e) => e.toolCallId)
  expect(new Set(started).size).toBe(started.length)
  expect(ended).toEqual(started)
  expect(events[0]?.type).toBe('run.started')
  const finishedAt = events.findIndex((e) => e.type === 'run.finished')
  if (finishedAt >= 0) expect(finishedAt).toBe(events.length - 1)
}

export const productSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    price: { type: 'number' },
    capacity: { type: 'string' },
    power: { type: 'string' },
  },
}
