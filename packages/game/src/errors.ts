/**
 * A rule refused the action. The message is the spec's player-facing text;
 * `title` is the toast title where the spec gives one. The server maps a
 * RuleError to a 4xx answer; anything else is a bug and a 500.
 */
export class RuleError extends Error {
  readonly code: string;
  readonly title: string | undefined;
  readonly status: number;

  constructor(code: string, message: string, options: { title?: string; status?: number } = {}) {
    super(message);
    this.name = 'RuleError';
    this.code = code;
    this.title = options.title;
    this.status = options.status ?? 400;
  }
}

export function isRuleError(error: unknown): error is RuleError {
  return error instanceof RuleError;
}
