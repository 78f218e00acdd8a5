// The team's vitest configuration: its global set-up starts both services. Each test is a few HTTP
// calls, which on a busy machine take far longer than vitest's 5 s default.
export default {
  test: { globalSetup: ['./global-setup.mjs'], include: ['*.test.mjs'], testTimeout: 60_000 },
}
