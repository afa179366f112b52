export const E2E_SUPERUSER = { email: 'superuser@e2e.local', password: 'superuser-pass-123' }
