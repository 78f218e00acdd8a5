/**
 * JSON values as TypeScript source, formatted the way our code is (single quotes, bare keys,
 * two-space indent, short values on one line), for the code samples.
 */
const WIDTH = 72

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

export function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`
}

/** `value` as a TypeScript expression; `indent` is the indentation of the line it starts on. */
export function literal(value: unknown, indent = ''): string {
  return format(value, indent, TYPESCRIPT)
}

interface Style {
  string: (s: string) => string
  key: (k: string) => string
  /** After the last item of a multi-line list. */
  trailing: string
  /** Inside the braces of a one-line object. */
  pad: string
}

const TYPESCRIPT: Style = {
  string: quote,
  key: (k) => (IDENTIFIER.test(k) ? k : quote(k)),
  trailing: ',',
  pad: ' ',
}
const JSON_STYLE: Style = {
  string: (s) => JSON.stringify(s),
  key: (k) => JSON.stringify(k),
  trailing: '',
  pad: '',
}

function format(value: unknown, indent: string, style: Style): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return style.string(value)
  if (typeof value !== 'object') return JSON.stringify(value)
  const inner = `${indent}  `
  const block = (open: string, items: string[], close: string) => {
    const flat = `${open}${style.pad}${items.join(', ')}${style.pad}${close}`
    if (fits(flat, indent)) return open === '[' ? `[${items.join(', ')}]` : flat
    const last = items.length - 1
    const lines = items.map((item, i) => `${inner}${item}${i < last ? ',' : style.trailing}`)
    return `${open}\n${lines.join('\n')}\n${indent}${close}`
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return block(
      '[',
      value.map((v) => format(v, inner, style)),
      ']',
    )
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0) return '{}'
  return block(
    '{',
    entries.map(([k, v]) => `${style.key(k)}: ${format(v, inner, style)}`),
    '}',
  )
}

function fits(text: string, indent: string): boolean {
  return !text.includes('\n') && indent.length + text.length <= WIDTH
}

/** JSON for a shell argument in single quotes, continuation lines indented under the command. */
export function shellJson(value: unknown): string {
  const compact = JSON.stringify(value)
  const text = compact.length <= WIDTH ? compact : format(value, '  ', JSON_STYLE)
  return `'${text.replace(/'/g, `'\\''`)}'`
}
