import { ApiError, Errors } from '../errors.js'
import type { ExtractionRequest, Extractor, TokenUsage } from './extractor.js'
import { conformingAnswer } from './model-answer.js'
import { type ChatCompletion, chatCompletionBody, type ResponseFormat } from './openai-request.js'

export interface OpenAiExtractorOptions {
  /** Base URL of the API, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string
  /** Sent as `Authorization: Bearer <apiKey>`; local servers often need none. */
  apiKey?: string | undefined
  model: string
  /** Longest wait for one answer; beyond it the extraction fails with 504 `Gateway Timeout`. */
  timeoutMs: number
}

/**
 * Extracts with any OpenAI-compatible chat completions endpoint: the page's markdown and the
 * schema go in (`response_format: json_schema`), the answer is parsed and validated against the
 * schema here, whatever the endpoint promises. Errors, in the catalog's terms:
 * an unparseable or non-conforming answer → 422 `Unprocessable Entity` (a retry may succeed);
 * an unreachable endpoint, an HTTP error or a malformed response → 502 `Bad Gateway`;
 * no answer within `timeoutMs` → 504 `Gateway Timeout`.
 */
export function openAiExtractor(options: OpenAiExtractorOptions): Extractor {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`
  // Endpoints without structured outputs refuse json_schema; after the first refusal, ask for json_object.
  let format: ResponseFormat['type'] = 'json_schema'

  const post = async (request: ExtractionRequest): Promise<ChatCompletion> => {
    for (;;) {
      const response = await send(
        url,
        options,
        chatCompletionBody(options.model, request, format),
        request.signal,
      )
      if (response.ok) return response.json as ChatCompletion
      if (
        format === 'json_schema' &&
        response.status === 400 &&
        /response_format|json_schema/i.test(response.text)
      ) {
        format = 'json_object'
        continue
      }
      // Only the status reaches the caller: the endpoint's own message may describe our credentials.
      throw upstreamError(`The extraction model answered HTTP ${response.status}.`, {
        status: response.status,
      })
    }
  }

  return {
    name: 'openai',
    async extract(request) {
      const completion = await post(request)
      const { data, missing } = conformingAnswer(completion, request.schema, request.partial === true)
      const usage = tokenUsage(completion)
      return { data, missing, ...(usage ? { usage } : {}) }
    },
  }
}

async function send(
  url: string,
  options: OpenAiExtractorOptions,
  body: Record<string, unknown>,
  caller: AbortSignal | undefined,
): Promise<{ ok: boolean; status: number; text: string; json?: unknown }> {
  const timeout = AbortSignal.timeout(options.timeoutMs)
  const signal = caller ? AbortSignal.any([caller, timeout]) : timeout
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    })
    const text = await response.text()
    if (!response.ok) return { ok: false, status: response.status, text }
    try {
      return { ok: true, status: response.status, text, json: JSON.parse(text) }
    } catch {
      throw upstreamError('The extraction model sent a response that is not JSON.')
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    if (caller?.aborted) throw caller.reason ?? error
    if (timeout.aborted) {
      throw new ApiError(504, Errors.gatewayTimeout, {
        code: 'EXTRACTION_MODEL_TIMEOUT',
        details: { reason: `The extraction model did not answer within ${options.timeoutMs} ms.` },
      })
    }
    const cause = (error as { cause?: { message?: string } }).cause?.message
    throw upstreamError(`The extraction model could not be reached: ${cause ?? (error as Error).message}`)
  }
}

function upstreamError(reason: string, more: Record<string, unknown> = {}): ApiError {
  return new ApiError(502, Errors.badGateway, {
    code: 'EXTRACTION_MODEL_FAILED',
    details: { reason, ...more },
  })
}

function tokenUsage(completion: ChatCompletion): TokenUsage | undefined {
  const u = completion.usage
  if (!u) return undefined
  const promptTokens = Number(u.prompt_tokens ?? 0)
  const completionTokens = Number(u.completion_tokens ?? 0)
  const totalTokens = Number(u.total_tokens ?? promptTokens + completionTokens)
  return { promptTokens, completionTokens, totalTokens }
}
