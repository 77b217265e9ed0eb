import { ApiError } from '../errors';

/** An ApiError that also needs HTTP headers of its own (e.g. closing the connection on a refused upload). */
export class HttpError extends ApiError {
  constructor(
    status: number,
    message: string,
    extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(status, message, extra);
    this.name = 'HttpError';
  }
}
