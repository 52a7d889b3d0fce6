import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The hashes ('sha256-…') of the inline scripts of the built index.html: the one the build writes
 * (vite.config.ts, routePreloads: the route's modulepreloads and early reads). Allowed by hash, so
 * no other inline script runs, whatever a page could be made to contain.
 */
export function inlineScriptHashes(indexHtmlFile: string): string[] {
  if (!existsSync(indexHtmlFile)) return [];
  const html = readFileSync(indexHtmlFile, 'utf8');
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export interface SecurityHeaderOptions {
  /** The inline scripts index.html may run (inlineScriptHashes). */
  scriptHashes: readonly string[];
  /** The game is served over https (PUBLIC_URL): HSTS and upgrade-insecure-requests. */
  https: boolean;
}

/**
 * The Content-Security-Policy of every answer (docs/security.md, "Headers").
 * - Scripts from the game's origin only, plus index.html's own inline script by hash; no eval.
 * - style-src allows 'unsafe-inline': sonner (the toasts) inserts a <style> element at run time,
 *   and the page's styles carry no secret; React's style props go through the CSSOM, not markup.
 * - Images from the game (uploads are same-origin), data: (the favicon) and blob: (a post's image
 *   preview before it is uploaded).
 * - connect-src 'self' covers the API and the same-host WebSocket.
 */
export function contentSecurityPolicy({ scriptHashes, https }: SecurityHeaderOptions): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  };
  // Over plain http (localhost, a LAN address) upgrading would break every request.
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Security headers on every answer (HTML, assets, API, uploads, errors, 404s) through
 * @fastify/helmet: the CSP above, X-Content-Type-Options: nosniff, X-Frame-Options: DENY,
 * Referrer-Policy: same-origin (never `no-referrer`: with it, a same-origin POST carries
 * `Origin: null`, which the origin check refuses), Cross-Origin-Opener/Resource-Policy
 * same-origin, and HSTS only when the game is served over https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Nosniff (X-Content-Type-Options) is helmet's default; so are X-DNS-Prefetch-Control,
    // X-Download-Options, X-Permitted-Cross-Domain-Policies, Origin-Agent-Cluster, X-XSS-Protection: 0.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
  });
}
