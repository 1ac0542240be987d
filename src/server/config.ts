import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { isPlainAddress } from '../domain/plain-address';

// Every setting's default, here and nowhere else: the modules that use them import them from this file,
// which imports no module of the server (tests/server/config-imports.test.ts), so reading the configuration
// loads no database driver.

/** `DATABASE_TIMEOUT_MS`: how long PostgreSQL may take to open a connection, or answer no query at all, before requests answer 503. */
export const DATABASE_TIMEOUT_MS = 1_500;
/** `RATE_LIMIT_PER_ADDRESS`: per address, a minute, for every request: a ceiling against floods, far above what an office sends. */
export const ADDRESS_LIMIT = 3_000;
/** `CAPTCHA_MAX_NUMBER`: the most SHA-256 hashes a challenge may take; about a second on a mid phone. */
export const CAPTCHA_MAX_NUMBER = 100_000;
/** `CAPTCHA_EXPIRES_SECONDS`: how long a challenge may be solved and sent. */
export const CAPTCHA_EXPIRES_SECONDS = 600;
/** `TEST_REPORT`: where `npm run machines:coverage` writes the last runs, from the working folder. */
export const DEFAULT_TEST_REPORT = join('reports', 'machine-paths.json');
/** `PDF_THREADS`: one render thread on a 2-core machine: the other core answers requests. */
export const DEFAULT_RENDER_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** `PDF_QUEUE`: PDFs that may wait for a render thread. */
export const DEFAULT_RENDER_QUEUE = 8;

export interface ServerConfig {
  port: number;
  host: string;
  /** absolute folder for local state: the PGlite files and the generated session secret */
  dataDir: string;
  /** when set, a real PostgreSQL; otherwise PGlite under dataDir */
  databaseUrl: string | undefined;
  /** how long PostgreSQL may take to open a connection, or answer no query at all, before requests answer 503 */
  databaseTimeoutMs: number;
  sessionSecret: string;
  staticDir: string;
  trustProxy: TrustProxy;
  logLevel: string;
  /** addresses the rate limits do not apply to (a load tester, an internal gateway) */
  rateLimitAllowList: string[];
  /** requests a minute one address may send, all visitors behind it together: a ceiling against floods */
  rateLimitPerAddress: number;
  /** a session row idle this long is purged */
  sessionRetentionHours: number;
  /** the most hashes a captcha challenge takes to solve: its only difficulty setting */
  captchaMaxNumber: number;
  /** how long a captcha challenge may be solved and sent */
  captchaExpiresSeconds: number;
  /** absolute path of the machine paths report the atlas shows (`npm run machines:coverage` writes it) */
  testReport: string;
  /** server processes sharing the port (node:cluster); more than one needs DATABASE_URL */
  workers: number;
  /** worker threads rendering the overprint PDFs, per server process */
  pdfThreads: number;
  /** PDFs that may wait for a render thread; one more is answered 503 */
  pdfQueue: number;
  /**
   * how long after SIGTERM the server still takes and answers requests, health answering 503 so a load
   * balancer stops sending, before it stops accepting and drains (server.ts shutdown())
   */
  shutdownGraceMs: number;
  /** the public address the e-mails link to */
  siteUrl: string;
  /** the mail server the outbox delivers through; none: messages wait in the outbox, nothing is sent */
  smtpUrl: string | undefined;
  /** the e-mails' sender (MAIL_FROM), required with SMTP_URL */
  mailFrom: MailFrom | undefined;
}

/** Fastify's trustProxy: all, none, a list of trusted addresses, or a hop test. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

const MIN_SECRET_LENGTH = 32;

/** SHUTDOWN_GRACE_MS's default: short; set it to the balancer's health-check interval times its threshold */
export const SHUTDOWN_GRACE_MS = 2_000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR || 'data');
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseTimeoutMs: positiveNumber('DATABASE_TIMEOUT_MS', env.DATABASE_TIMEOUT_MS, DATABASE_TIMEOUT_MS),
    sessionSecret: env.SESSION_SECRET ? checkedSecret(env.SESSION_SECRET) : storedSecret(dataDir),
    staticDir: resolve(env.STATIC_DIR || join('dist', 'client')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    rateLimitAllowList: (env.RATE_LIMIT_ALLOW ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    rateLimitPerAddress: positiveNumber('RATE_LIMIT_PER_ADDRESS', env.RATE_LIMIT_PER_ADDRESS, ADDRESS_LIMIT),
    sessionRetentionHours: positiveNumber('SESSION_RETENTION_HOURS', env.SESSION_RETENTION_HOURS, 24),
    captchaMaxNumber: wholeNumber('CAPTCHA_MAX_NUMBER', env.CAPTCHA_MAX_NUMBER, CAPTCHA_MAX_NUMBER),
    captchaExpiresSeconds: positiveNumber(
      'CAPTCHA_EXPIRES_SECONDS',
      env.CAPTCHA_EXPIRES_SECONDS,
      CAPTCHA_EXPIRES_SECONDS,
    ),
    testReport: resolve(env.TEST_REPORT || DEFAULT_TEST_REPORT),
    workers: wholeNumber('WORKERS', env.WORKERS, 1),
    pdfThreads: wholeNumber('PDF_THREADS', env.PDF_THREADS, DEFAULT_RENDER_THREADS),
    pdfQueue: wholeNumber('PDF_QUEUE', env.PDF_QUEUE, DEFAULT_RENDER_QUEUE),
    shutdownGraceMs: positiveNumber('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, SHUTDOWN_GRACE_MS),
    siteUrl: siteUrlOf(env),
    ...mailConfig(env),
  };
}

/** The site's public address when SITE_URL is not set: the server on this machine at its default port. */
export const DEFAULT_SITE_URL = 'http://localhost:8080';

/**
 * SITE_URL: the public address visitors reach the site at (scheme, host, port; no path), which the
 * e-mails link to; DEFAULT_SITE_URL when unset. Anything but an http(s) origin is refused.
 */
export function siteUrlOf(env: NodeJS.ProcessEnv): string {
  const value = env.SITE_URL || DEFAULT_SITE_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_URL is not an address: ${value}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash)
    throw new Error(
      `SITE_URL is an http(s) origin with no path, such as https://insure.example.com.tw: ${value}`,
    );
  return url.origin;
}

/** The sender's address, and the name mail clients show for it. */
export interface MailFrom {
  address: string;
  name: string;
}

/** Makes the data folder `dir` if it is missing: 0700, its missing parents too (operator/data-dir-rights.ts says why). */
export function makeDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** The sender's name when MAIL_FROM gives an address alone. */
export const MAIL_FROM_NAME = '團體保險網路服務';

/**
 * SMTP_URL (smtp:// or smtps://, user and password in it when the server wants them) and MAIL_FROM, an
 * address or `Name <address>`. MAIL_FROM without SMTP_URL is allowed (nothing is sent); SMTP_URL without it
 * is refused, as a mail server would refuse the messages.
 */
function mailConfig(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'smtpUrl' | 'mailFrom'> {
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl))
    throw new Error('SMTP_URL is not an smtp:// or smtps:// address');
  const from = env.MAIL_FROM?.trim();
  if (smtpUrl && !from) throw new Error('MAIL_FROM is required with SMTP_URL');
  return { smtpUrl, mailFrom: from ? parseMailFrom(from) : undefined };
}

function parseMailFrom(value: string): MailFrom {
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(value);
  const address = (named ? named[2]! : value).trim();
  const name = named?.[1]?.replace(/^"|"$/g, '').trim() || MAIL_FROM_NAME;
  if (!isPlainAddress(address)) throw new Error(`MAIL_FROM is not an address or Name <address>: ${value}`);
  return { address, name };
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} is not a positive number: ${value}`);
  return number;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  const number = positiveNumber(name, value, fallback);
  if (!Number.isInteger(number)) throw new Error(`${name} is not a whole number: ${value}`);
  return number;
}

function parsePort(value: string | undefined): number {
  if (!value) return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port number: ${value}`);
  return port;
}

/** TRUST_PROXY: true/false, a number of proxy hops to trust, or a comma-separated address list. */
function parseTrustProxy(value: string | undefined): TrustProxy {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

function checkedSecret(secret: string): string {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return secret;
}

/** A generated secret survives restarts, so visitors keep their sessions across deploys of one node. */
function storedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  makeDataDir(dataDir);
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return checkedSecret(readFileSync(file, 'utf8').trim());
}
