import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_TEST_REPORT } from './atlas/test-runs';
import { CAPTCHA_EXPIRES_SECONDS, CAPTCHA_MAX_NUMBER } from './captcha/captcha';
import { DATABASE_TIMEOUT_MS } from './db/database';
import type { MailFrom } from './mail/mail-sender';
import { isPlainAddress } from './mail/plain-address';
import { siteUrlOf } from './mail/site-url';
import { makeDataDir } from './operator/data-dir-rights';
import { DEFAULT_RENDER_QUEUE, DEFAULT_RENDER_THREADS } from './overprint/render-pool';
import { ADDRESS_LIMIT } from './plugins/rate-limits';

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
