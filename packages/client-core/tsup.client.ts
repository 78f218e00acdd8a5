import type { Options } from 'tsup'

/** The build options of a published client (its `tsup.config.ts` passes them to `defineConfig`). */
export const clientBuild: Options = {
  entry: ['src/index.ts', 'src/node.ts'],
  format: ['esm', 'cjs'],
  // client-core is private: its code and types are bundled into each published client.
  noExternal: ['@apiplatform/client-core'],
  dts: { resolve: [/^@apiplatform\/client-core/] },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  external: ['undici', 'openapi-fetch'],
}
