import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { unauthorized } from './errors.ts';

export interface SignedIn {
  userId: string;
  sessionId: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    signedIn?: SignedIn;
  }
}

export async function readSession(auth: Auth, headers: FastifyRequest['headers']): Promise<SignedIn | undefined> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!result || !result.user.emailVerified) return undefined;
  return { userId: result.user.id, sessionId: result.session.id, email: result.user.email };
}

/** preHandler for every game route: a verified, signed-in player or 401. */
export function requireUser(auth: Auth) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const signedIn = await readSession(auth, request.headers);
    if (!signedIn) throw unauthorized();
    request.signedIn = signedIn;
  };
}

/** The signed-in player of a route guarded by requireUser. */
export function player(request: FastifyRequest): SignedIn {
  if (!request.signedIn) throw unauthorized();
  return request.signedIn;
}
