import type { FastifyReply } from 'fastify';

/**
 * Sends an answer whose JSON text was built already (by the database: docs/performance.md, "Reads")
 * as it is, with the header Fastify gives an answer it serializes. A string with this content type
 * is not serialized again (Fastify's reply.send).
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').send(json);
}
