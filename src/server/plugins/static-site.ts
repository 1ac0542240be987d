import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { staffPageOf } from '../../domain/staff-pages';
import type { Database } from '../db/schema';
import { withPageAnswer } from '../page-answers';
import { PAGE_SHELLS_FILE, type PageShells, pagesWithPreloads, type ViteManifest } from '../page-preloads';
import { answerNotFound } from './errors';

export const SITE_BASE = '/groupins';
const INDEX_FILE = 'index.html';

/**
 * The built client under /groupins/. Paths without a file extension are client routes and get
 * index.html (deep links, reloads); a missing file with an extension is a real 404, which is how
 * the client tells a missing chunk after a deploy.
 */
export const staticSitePlugin: FastifyPluginAsync<{ staticDir: string; db: Kysely<Database> }> = async (
  app,
  { staticDir, db },
) => {
  const toSite = (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`${SITE_BASE}/${query === -1 ? '' : request.url.slice(query)}`, 301);
  };
  app.get('/', toSite);
  app.get(SITE_BASE, toSite);
  // docs/specification.md §2's login path; the staff's pages live under the site like every other page
  app.get('/login', (_request, reply) => reply.redirect(`${SITE_BASE}/login`, 301));

  if (!existsSync(staticDir)) {
    app.log.warn('static folder not found; serving the API only');
    return;
  }

  await app.register(
    async (site) => {
      const pageFor = await loadPages(staticDir);
      const staffPage = await loadStaffPage(staticDir);
      site.setNotFoundHandler(async (request, reply) => {
        const path = request.url.split('?', 1)[0] ?? '';
        if ((request.method === 'GET' || request.method === 'HEAD') && isClientRoute(path)) {
          const sitePath = path.slice(SITE_BASE.length) || '/';
          const page =
            staffPage && staffPageOf(sitePath)
              ? staffPage
              : await withPageAnswer(
                  pageFor(sitePath),
                  db,
                  sitePath,
                  request.url.slice(path.length),
                  request.log,
                );
          return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
        }
        return answerNotFound(request, reply);
      });
      await site.register(fastifyStatic, {
        root: staticDir,
        prefix: '/',
        // the site root is a client route too: its page carries the home screen's preloads; no path ending
        // in / is a file, so a folder of the build (staff/, beside the staff's start page) is a page too
        index: false,
        allowedPath: (pathname) => !pathname.endsWith('/'),
        preCompressed: true,
        cacheControl: false,
        // build folders such as .vite (the manifest, the page shells) are the server's, never a visitor's
        dotfiles: 'ignore',
        setHeaders: (reply, filePath) =>
          reply.header('cache-control', cacheControlFor(relative(staticDir, filePath))),
      });
    },
    { prefix: SITE_BASE },
  );
};

/** A path without a file extension is one of the client's routes, answered with its page. */
export function isClientRoute(path: string): boolean {
  return !/\.[^/]*$/.test(path);
}

function cacheControlFor(sitePath: string): string {
  if (basename(sitePath) === INDEX_FILE) return 'no-cache';
  // Vite puts a content hash in every file name under assets/, so a name never changes content.
  if (sitePath.startsWith(`assets${sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** The staff's page (the sign-in and every staff screen: their own build under staff/), if it was built. */
async function loadStaffPage(staticDir: string): Promise<string | undefined> {
  const file = join(staticDir, 'staff', 'staff.html');
  return existsSync(file) ? readFile(file, 'utf8') : undefined;
}

/**
 * index.html per screen path, with that screen's title, description and chunks preloaded when the build's
 * manifest is there, and its prerendered shell when the build wrote them.
 */
async function loadPages(staticDir: string): Promise<(path: string) => string> {
  const indexHtml = await readFile(join(staticDir, INDEX_FILE), 'utf8');
  const manifestFile = join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => indexHtml;
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as ViteManifest;
  const shellsFile = join(staticDir, PAGE_SHELLS_FILE);
  const shells = existsSync(shellsFile)
    ? (JSON.parse(await readFile(shellsFile, 'utf8')) as PageShells)
    : undefined;
  return pagesWithPreloads(indexHtml, manifest, `${SITE_BASE}/`, shells);
}
