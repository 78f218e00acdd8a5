import { ApiError, Errors } from './errors.js'

/** The answer to a URL whose host is (or resolves to) a loopback, private or link-local address. */
export function urlNotAllowed(host: string): ApiError {
  return new ApiError(403, Errors.forbidden, {
    code: 'URL_NOT_ALLOWED',
    details: {
      reason: `${host} resolves to a loopback, private or link-local address; scraping those is disabled (WEB_DATA_ALLOW_PRIVATE_URLS).`,
    },
  })
}
