/** Strings that break a parser, a database driver or a runtime when they are not checked. */
export const HOSTILE_STRINGS = ['a\u0000b', '\u0000', '\ud800', 'x\udfffy', '\udc00\ud800', 'a\ud800\u0000']

/** URL values whose scheme, host or shape a URL field must refuse. */
export const HOSTILE_URLS = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'ftp://example.com/',
  'http://',
  'http://[::1',
  '//example.com',
  'http://exa mple.com/',
  'http://example.com/\u0000',
]

export const BAD_AUTHORIZATION = [
  null,
  '',
  'Bearer',
  'Bearer ',
  'Basic dXNlcjpwYXNz',
  'Bearer a b',
  'Bearer\t{key}',
  '{key}',
  'Bearer {key}x',
  'Bearer {key} extra',
  'Bearer "{key}"',
  'Token abc',
  'Bearer unknown_key_0000000000000000',
  `Bearer ${'k'.repeat(8000)}`,
  'Bearer \u00e9\u00e8',
  'Bearer ,',
]

export const MALFORMED_JSON = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[]',
  'null',
  '1',
  '"text"',
  'true',
  '{"a":NaN}',
  '{"a":1e999}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x00"}',
  '{}{}',
]

export const WRONG_CONTENT_TYPES = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/yaml',
  'application/jsonx',
  'application/xml',
  '*/*',
]

export const PATH_GARBAGE = [
  '%00',
  'a%00b',
  '%ff',
  '%zz',
  '%',
  '..%2F..%2Fetc',
  '%C3%A9',
  '%E9',
  '%20',
  '-1',
  '9'.repeat(40),
  'x'.repeat(6000),
  'null',
  '%ud800',
  '%ED%A0%80',
  '%C0%AF',
]

export const QUERY_VALUE_GARBAGE = [
  '99999999999999999999',
  '-1',
  '1e309',
  'NaN',
  'abc',
  '%00',
  '%ff',
  '%zz',
  '',
  'true',
  '[]',
  '1.5',
  'x'.repeat(6000),
  '%ED%A0%80',
]
