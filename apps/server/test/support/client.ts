import { checkAnswer } from './contract.ts';

/**
 * A tiny browser-like HTTP client: keeps cookies, sends the game's Origin, speaks JSON. Every
 * answer is parsed with its route's contract schema first (support/contract.ts): a mismatch fails
 * the request, whatever the test then reads.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly origin: string = baseUrl,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const init: RequestInit = {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' ? { origin: this.origin } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    };
    const url = new URL(path, this.baseUrl);
    const response = await fetch(url, init);
    const contentType = response.headers.get('content-type');
    // A stream (none today) is not read ahead of the test.
    if (!contentType?.includes('text/event-stream')) {
      checkAnswer({ baseUrl: this.baseUrl, method, url, status: response.status, contentType, text: await response.clone().text() });
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async json<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.request(method, path, body);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  get = <T = unknown>(path: string) => this.json<T>('GET', path);
  post = <T = unknown>(path: string, body: unknown = {}) => this.json<T>('POST', path, body);
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  link: string | null;
  code: string | null;
  sentAt: string;
}

export async function latestMail(client: TestClient, to: string): Promise<OutboxMail> {
  const { body } = await client.get<OutboxMail[]>(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const mail = body[0];
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

let counter = 0;
export function uniqueEmail(prefix = 'hero'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now().toString(36)}@example.com`;
}

/** Sign up, verify by code, sign in: a ready player. */
export async function signedInPlayer(baseUrl: string, email = uniqueEmail(), password = 'dragon-fire'): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const signUp = await client.post('/api/auth/sign-up/email', { email, password, name: email.split('@')[0] });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const mail = await latestMail(client, email);
  const verify = await client.post('/api/auth/email-otp/verify-email', { email, otp: mail.code });
  if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
  const signIn = await client.post('/api/auth/sign-in/email', { email, password });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.body)}`);
  return client;
}

/** A player who has an account already signs in (a new tab, or after a server restart). */
export async function signIn(baseUrl: string, email: string, password = 'dragon-fire'): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const res = await client.post('/api/auth/sign-in/email', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** The answer's bytes as sent. */
export async function raw(client: TestClient, path: string): Promise<{ status: number; text: string }> {
  const res = await client.request('GET', path);
  return { status: res.status, text: await res.text() };
}
