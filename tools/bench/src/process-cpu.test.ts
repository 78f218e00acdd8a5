// The suite profile attributes CPU to turbo tasks by reading /proc; these pin the field positions.
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { cpuTicksOfStat, machineBusyTicks, turboHashOfEnviron, watchTaskCpu } from './process-cpu.js'
import { profileTasks } from './suite-profile.js'

describe('process-cpu', () => {
  it('adds utime, stime, cutime and cstime, also when the command name holds spaces and parentheses', () => {
    const stat =
      '4242 (node (worker) 1) S 1 2 3 0 -1 4194304 99 0 0 0 700 50 30 20 20 0 1 0 112369 3133440 395'
    expect(cpuTicksOfStat(stat)).toBe(800)
    expect(cpuTicksOfStat('4242 (short) S 1')).toBeUndefined()
  })

  it("finds a process's turbo task hash in its environment", () => {
    expect(turboHashOfEnviron('PATH=/bin\0TURBO_HASH=3d617722e4001c4d\0HOME=/root\0')).toBe(
      '3d617722e4001c4d',
    )
    expect(turboHashOfEnviron('PATH=/bin\0')).toBeUndefined()
  })

  it('counts the machine busy, not idle or waiting', () => {
    expect(machineBusyTicks('cpu  100 5 50 9000 300 1 2 3 0 0\ncpu0 1 2 3')).toBe(161)
  })

  it('attributes the CPU of a task’s children, including those that already exited', async () => {
    const watch = watchTaskCpu(20)
    // Each loop burns a fixed amount of CPU (not of wall time), so the figure holds on a busy machine.
    const burn = (ms: number) =>
      `const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }; while (cpu() < ${ms});`
    const child = spawn(
      process.execPath,
      [
        '-e',
        // a grandchild that exits before its parent: once reaped, its time moves to the parent's cutime
        `require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(burn(300))}]); ${burn(200)}`,
      ],
      { env: { ...process.env, TURBO_HASH: 'profile-test' } },
    )
    await new Promise((done) => child.on('exit', done))
    const cpu = watch.stop().get('profile-test') ?? 0
    // 0.5 CPU-s of loops, less what the parent burns after the last look; without the grandchild's
    // 0.3 (counted only once it is reaped) the figure could not pass 0.3.
    expect(cpu).toBeGreaterThanOrEqual(0.4)
  })

  it('lists the tasks of a run summary by CPU, cached ones marked', () => {
    const tasks = [
      {
        taskId: 'a#test',
        hash: 'ha',
        cache: { status: 'MISS' },
        execution: { startTime: 0, endTime: 2000, exitCode: 0 },
      },
      {
        taskId: 'b#lint',
        hash: 'hb',
        cache: { status: 'HIT' },
        execution: { startTime: 0, endTime: 10, exitCode: 0 },
      },
      {
        taskId: 'c#build',
        hash: 'hc',
        cache: { status: 'MISS' },
        execution: { startTime: 0, endTime: 1000, exitCode: 1 },
      },
    ]
    const profile = profileTasks(
      tasks,
      new Map([
        ['ha', 1.5],
        ['hc', 3],
      ]),
    )
    expect(profile.map((t) => [t.task, t.wallSeconds, t.cpuSeconds, t.cached, t.exitCode])).toEqual([
      ['c#build', 1, 3, false, 1],
      ['a#test', 2, 1.5, false, 0],
      ['b#lint', 0.01, 0, true, 0],
    ])
  })
})
