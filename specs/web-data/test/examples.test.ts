import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { deref, type Json, operations, spec } from './helpers.js'

const ajv = new Ajv2020({
  strict: false,
  allErrors: true,
  validateSchema: false,
})
addFormats(ajv)
ajv.addSchema(spec, 'spec.json')

const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

/** A validator for the schema at a JSON pointer of the bundle (refs resolve against the bundle). */
function validatorAt(parts: string[]) {
  const v = ajv.getSchema(`spec.json#/${pointer(parts)}`)
  if (!v) throw new Error(`no schema at ${pointer(parts)}`)
  return v
}

/** Location of a possibly-referenced component, as pointer parts. */
function locate(node: Json, at: string[]): string[] {
  return typeof node?.$ref === 'string'
    ? node.$ref
        .slice(2)
        .split('/')
        .map((k: string) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    : at
}

interface Case {
  name: string
  schemaAt: string[]
  value: unknown
}

function mediaCases(media: Json, at: string[], label: string): Case[] {
  const out: Case[] = []
  for (const [ct, m] of Object.entries<Json>(media ?? {})) {
    const schemaAt = [...at, ct, 'schema']
    if (m.example !== undefined) out.push({ name: `${label} ${ct} example`, schemaAt, value: m.example })
    for (const [k, ex] of Object.entries<Json>(m.examples ?? {}))
      out.push({
        name: `${label} ${ct} ${k}`,
        schemaAt,
        value: deref(ex).value,
      })
  }
  return out
}

function allCases(): Case[] {
  const cases: Case[] = []
  for (const { method, path, op } of operations()) {
    const opAt = ['paths', path, method]
    const label = `${method} ${path}`
    if (op.requestBody) {
      const rbAt = locate(op.requestBody, [...opAt, 'requestBody'])
      cases.push(...mediaCases(deref(op.requestBody).content, [...rbAt, 'content'], `${label} request`))
    }
    for (const [status, r] of Object.entries<Json>(op.responses)) {
      const rAt = locate(r, [...opAt, 'responses', status])
      const res = deref(r)
      cases.push(...mediaCases(res.content, [...rAt, 'content'], `${label} ${status}`))
      for (const [h, header] of Object.entries<Json>(res.headers ?? {}))
        if (header.example !== undefined)
          cases.push({
            name: `${label} ${status} header ${h}`,
            schemaAt: [...rAt, 'headers', h, 'schema'],
            value: header.example,
          })
    }
    ;(op.parameters ?? []).forEach((p: Json, i: number) => {
      const pAt = locate(p, [...opAt, 'parameters', String(i)])
      const param = deref(p)
      if (param.example !== undefined)
        cases.push({
          name: `${label} param ${param.name}`,
          schemaAt: [...pAt, 'schema'],
          value: param.example,
        })
    })
  }
  // de-duplicate shared components
  return [...new Map(cases.map((c) => [`${pointer(c.schemaAt)} ${JSON.stringify(c.value)}`, c])).values()]
}

describe('examples', () => {
  const cases = allCases()

  it('exist on every operation: a request example when there is a body, a success example, error examples', () => {
    for (const { method, path, op } of operations()) {
      const where = `${method} ${path}`
      if (op.requestBody) {
        const media = Object.values<Json>(deref(op.requestBody).content)
        expect(
          media.some((m) => m.example !== undefined || Object.keys(m.examples ?? {}).length),
          `${where} request`,
        ).toBe(true)
      }
      for (const [status, r] of Object.entries<Json>(op.responses)) {
        const media = Object.values<Json>(deref(r).content ?? {})
        expect(media.length, `${where} ${status} body`).toBeGreaterThan(0)
        expect(
          media.some((m) => m.example !== undefined || Object.keys(m.examples ?? {}).length),
          `${where} ${status} example`,
        ).toBe(true)
      }
    }
    expect(cases.length).toBeGreaterThan(100)
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s validates against its schema', (_name, c) => {
    const validate = validatorAt(c.schemaAt)
    const ok = validate(c.value)
    expect(ok ? [] : validate.errors).toEqual([])
  })
})
