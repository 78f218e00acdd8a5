import { ApiError, Errors } from '../errors.js'
import type { ScrapeJob } from './scrape-jobs.js'

export const unsupportedLanguage = (language: string) =>
  new ApiError(400, Errors.badRequest, {
    code: 'UNSUPPORTED_LANGUAGE',
    details: [
      {
        in: 'body',
        path: ['language'],
        message: `language "${language}" is not supported by this service: only "node" runs (in the browser, against the page API). Python and Bash would need a sandbox on the host.`,
      },
    ],
  })

export function busy(): ApiError {
  return new ApiError(409, Errors.conflict, {
    code: 'SESSION_BUSY',
    details: { reason: 'Code is already running in this browser session; wait for it to finish.' },
  })
}

export function gone(job: ScrapeJob): ApiError {
  return new ApiError(410, 'Gone', {
    code: 'SCRAPE_SESSION_ENDED',
    details: {
      reason:
        job.sessionState === 'stopped'
          ? 'The browser session of this scrape was stopped.'
          : 'The browser session of this scrape ended after being idle.',
    },
  })
}
