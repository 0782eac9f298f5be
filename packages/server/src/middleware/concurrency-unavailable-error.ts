/**
 * The error of a concurrency limit whose store could not answer (Redis down,
 * slow or out of memory, for a fleet): the request is refused rather than
 * served uncounted (fail closed), and served again as soon as the store
 * answers.
 */
import { LimitStoreUnavailableError } from "../errors.js";

/**
 * The concurrency limit's store could not answer: the call is refused (fail
 * closed). A {@link LimitStoreUnavailableError}: 503 with `Retry-After` over
 * HTTP, -32603 with `data: { kind: "limit-store-unavailable", limit:
 * "concurrencyLimit", retryAfterSeconds }` elsewhere; the store's failure is
 * the `cause`.
 */
export class ConcurrencyUnavailableError extends LimitStoreUnavailableError {
  constructor(cause: unknown, retryAfterSeconds = 1) {
    super(
      "concurrencyLimit",
      `The concurrency limit could not be checked (its store did not answer), so the request was refused; send it again in ${Math.ceil(retryAfterSeconds)} s. ` +
        "Server operators: check the store (Redis) that concurrencyLimit uses.",
      { cause, retryAfterSeconds },
    );
    this.name = "ConcurrencyUnavailableError";
  }
}
