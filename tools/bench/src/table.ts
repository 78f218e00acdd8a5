import { availableParallelism, loadavg } from 'node:os'
import { settings } from './settings.js'

/** Prints a Markdown table: the first column left-aligned, the others right-aligned. */
export function printTable(title: string, header: readonly string[], rows: readonly (readonly string[])[]) {
  const lines = [
    `\n### ${title}\n`,
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ]
  console.log(lines.join('\n'))
}

/** What the figures were taken on: the date, the CPUs, the load average and the run's settings. */
export function machineNote(): string {
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${availableParallelism()} CPUs, load average ${load} (1 / 5 / 15 min); ${settings.rounds} alternating rounds${settings.quick ? ', --quick (not for the READMEs)' : ''}`
}

export function printNote(text: string) {
  console.log(`\n${text}`)
}
