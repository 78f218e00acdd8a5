export default { test: { globalSetup: ['./global-setup.mjs'], include: ['*.test.mjs'] } }
