/** The credentials the test stand-ins are started with (their bootstrap keys). */
export const CONTROL_ROOT_KEY = 'ck_docs_portal_test_root_key'
export const WEB_DATA_API_KEY = 'wd-docs-portal-test-api-key'
