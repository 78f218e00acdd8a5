/** Medians and spreads of the samples that alternating rounds give. */
export interface Summary {
  median: number
  min: number
  max: number
  n: number
}

export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

export function summarize(xs: readonly number[]): Summary {
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), n: xs.length }
}

/** `a[i] / b[i]` for each round: ratios of contenders measured side by side in the same round. */
export function ratios(a: readonly number[], b: readonly number[]): number[] {
  return a.map((x, i) => x / (b[i] as number))
}

/** Groups thousands and rounds to `digits` decimals: 12345.6 → "12,346". */
export function num(x: number, digits = 0): string {
  if (!Number.isFinite(x)) return '–'
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}

/** "median (min–max)", or the median alone for one sample. */
export function fmt(s: Summary, digits = 0, unit = ''): string {
  if (s.n === 0 || !Number.isFinite(s.median)) return '–'
  const m = `${num(s.median, digits)}${unit}`
  return s.n === 1 || s.min === s.max ? m : `${m} (${num(s.min, digits)}–${num(s.max, digits)})`
}

/** Ratios as "0.29× (0.25–0.33)": their median and range over the rounds. */
export function fmtRatio(xs: readonly number[]): string {
  const s = summarize(xs)
  if (s.n === 0 || !Number.isFinite(s.median)) return '–'
  const digits = s.median >= 2 ? 1 : 2
  const m = `${num(s.median, digits)}×`
  return s.n === 1 || s.min === s.max ? m : `${m} (${num(s.min, digits)}–${num(s.max, digits)})`
}
