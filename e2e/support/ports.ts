/** One base port per run (E2E_PORT), so several runs can share a machine: app, SMTP, mail API. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SMTP_PORT = E2E_PORT + 1;
export const MAIL_API_PORT = E2E_PORT + 2;
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_API_PORT}`;
