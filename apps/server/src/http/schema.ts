/**
 * Route schemas (STYLE.md "Routes declare their schema"): zod 4 schemas on every route, checked
 * by Fastify before a handler runs, through a small type provider of our own. Refused input
 * answers 400 { error: 'invalid_input', message } with a message that never repeats the input.
 * Answers are serialized, never re-validated (their schemas are for types and /api/docs).
 */
import { emailInput, text } from '@rpg/contract';
import type { FastifyInstance, FastifySchema, FastifyTypeProvider, RouteOptions } from 'fastify';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { inputErrorMessage } from './inputError.ts';
import { AUTH_INPUT_TEXTS, AUTH_TEXTS, REQUEST_TEXTS } from '@rpg/game';

export { emptyBody, emptyQuery, text, int, idInput } from '@rpg/contract';

/** `app.withTypeProvider<ZodTypeProvider>()`: request parts typed as the schemas' output, answers as their input. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

export const invalidInput = (message: string) => new HttpError(400, 'invalid_input', message);

/** One route as registered, for the schema test and /api/docs. */
export interface RouteEntry {
  methods: string[];
  url: string;
  schema: FastifySchema | undefined;
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifySchema {
    /** The media types of the body when not JSON (an upload: 'multipart/form-data'), for /api/docs. */
    consumes?: readonly string[];
  }
  interface FastifyInstance {
    /** Every route registered after registerSchemas, in order. */
    routeCatalog: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** The route is a WebSocket's upgrade (routes/realtime.ts): its answer is the socket, not a JSON body. */
    websocket?: boolean;
  }
}

/**
 * The zod validator and a plain JSON serializer, and the route catalog. Call before any route
 * is registered.
 */
export function registerSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    if (!isZod(schema)) throw new Error('Route schemas must be zod schemas.');
    return (data: unknown) => {
      try {
        const result = schema.safeParse(data);
        return result.success ? { value: result.data } : { error: invalidInput(inputErrorMessage(result.error)) };
      } catch (error) {
        // A schema may refuse with a refusal of its own (e.g. 'Cannot Change Race or Class').
        if (error instanceof HttpError) return { error };
        throw error;
      }
    };
  });
  // Serialize, don't re-validate: the answers are built by our own code.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const catalog: RouteEntry[] = [];
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    catalog.push({ methods, url: route.url, schema: route.schema, websocket: route.config?.websocket === true });
  });
}

// ---------------------------------------------------------------------------------------------
// /api/docs: an OpenAPI 3.1 description generated from the route schemas (development only).

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: unknown, io: 'input' | 'output'): JsonSchema => {
  if (!isZod(schema)) return {};
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parameters(schema: unknown, where: 'path' | 'query'): JsonSchema[] {
  const json = jsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
}

const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' }, title: { type: 'string' } },
  required: ['error', 'message'],
};

/* eslint-disable texts/no-player-text -- the OpenAPI document's descriptions are read by developers, not players. */
export function openApiDocument(catalog: readonly RouteEntry[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of catalog) {
    if (!route.url.startsWith('/api/')) continue;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const schema = (route.schema ?? {}) as FastifySchema & { summary?: string; consumes?: string[] };
    for (const method of route.methods) {
      const responses: Record<string, JsonSchema> = {};
      for (const [status, response] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
        responses[status] =
          status === '204'
            ? { description: 'No content' }
            : { description: `${status} answer`, content: { 'application/json': { schema: jsonSchema(response, 'input') } } };
      }
      if (Object.keys(responses).length === 0) responses['200'] = { description: 'OK' };
      responses['4XX'] = { description: 'Refused: { error, message, title? }', content: { 'application/json': { schema: errorBody } } };
      const operation: JsonSchema = {
        ...(route.websocket ? { summary: 'WebSocket (upgrade)' } : {}),
        parameters: [...parameters(schema.params, 'path'), ...parameters(schema.querystring, 'query')],
        responses,
      };
      if (schema.consumes?.includes('multipart/form-data')) {
        operation.requestBody = {
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } },
        };
      } else if (isZod(schema.body)) {
        operation.requestBody = {
          required: !schema.body.safeParse(undefined).success,
          content: { 'application/json': { schema: jsonSchema(schema.body, 'input') } },
        };
      }
      (paths[path] ??= {})[method.toLowerCase()] = operation;
    }
  }
  return { openapi: '3.1.0', info: { title: 'RPG Adventure API', version: '1' }, paths };
}

/* eslint-enable texts/no-player-text */

/** GET /api/docs: the OpenAPI document of every route (registered in development only). */
export function docsRoute(app: FastifyInstance): void {
  let document: JsonSchema | undefined;
  app.get('/api/docs', { schema: { querystring: z.object({}) } }, async () => (document ??= openApiDocument(app.routeCatalog)));
}

// ---------------------------------------------------------------------------------------------
// The better-auth mount (/api/auth/*): its bodies are checked here before anything else reads them.

const password = z
  .string({ error: (i) => (i.input === undefined ? AUTH_INPUT_TEXTS.required : AUTH_INPUT_TEXTS.mustBeText) })
  .max(128, AUTH_TEXTS.passwordTooLong);

/** The fields the game's auth screens send, checked wherever they appear. */
const AUTH_FIELDS: Record<string, z.ZodType> = {
  email: emailInput,
  password,
  newPassword: password,
  currentPassword: password,
  name: text(64, { tooLong: AUTH_INPUT_TEXTS.nameTooLong }),
  otp: z.string({ error: AUTH_INPUT_TEXTS.otpShape }).regex(/^\d{6}$/, AUTH_INPUT_TEXTS.otpDigits),
};
/** Any other string (callbackURL, type, token, ...). */
const otherText = text(2048);
const authBody = z.record(z.string().max(64), z.unknown(), { error: REQUEST_TEXTS.notAnObject });

/**
 * The body of a POST to /api/auth/<path>, checked before the rate-limit key is built or
 * better-auth sees it: a JSON object whose known fields are well-formed (e-mail <= 254
 * characters, password <= 128, name <= 64, a 6-digit code) and whose other strings are capped
 * and free of control characters. Throws a 400 HttpError; answers the body unchanged.
 */
export function parseAuthBody(_path: string, body: unknown): unknown {
  if (body === undefined || body === null) return body;
  const parsed = authBody.safeParse(body);
  if (!parsed.success) throw invalidInput(inputErrorMessage(parsed.error));
  for (const [key, value] of Object.entries(parsed.data)) {
    const schema = AUTH_FIELDS[key] ?? (typeof value === 'string' ? otherText : undefined);
    if (schema) {
      const field = schema.safeParse(value);
      if (!field.success) throw invalidInput(inputErrorMessage(new z.ZodError(field.error.issues.map((i) => ({ ...i, path: [key, ...i.path] })))));
    } else if (value !== null && typeof value === 'object') {
      refuseControlDeep(value, key, 0);
    }
  }
  return body;
}

function refuseControlDeep(value: unknown, key: string, depth: number): void {
  if (depth > 8) throw invalidInput(`${key}: ${AUTH_INPUT_TEXTS.nestedTooDeeply}`);
  if (typeof value === 'string') {
    if (!otherText.safeParse(value).success) throw invalidInput(`${key}: ${AUTH_INPUT_TEXTS.otherTextTooLong}`);
  } else if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) refuseControlDeep(inner, key, depth + 1);
  }
}
