/**
 * Errors a server developer gets when an elicitation it builds is unfit to
 * send. They are programming mistakes found before anything reaches the wire,
 * never protocol errors: do not turn them into JSON-RPC error responses.
 */

import { ServerDefinitionError } from "../errors.js";

/** Base class: an elicitation the server code defined is not allowed as written. */
export class ElicitationDefinitionError extends ServerDefinitionError {
  /** The form field at fault, when one field is (its key in `requestedSchema.properties`). */
  readonly field: string | undefined;

  /**
   * @param message What is wrong and what to do instead.
   * @param field The form field at fault, if any.
   */
  constructor(message: string, field?: string) {
    super(message);
    this.name = new.target.name;
    this.field = field;
  }
}

/** The requested schema leaves the restricted subset a form may use (flat object of primitive fields). */
export class FormSchemaError extends ElicitationDefinitionError {}

/** Where in a form field a secret-looking word was found. */
export type SecretLocation = "name" | "title" | "description" | "format";

/**
 * A form field looks like it asks for a secret (password, API key, token,
 * payment credential...), which form mode must never do: use URL mode.
 */
export class FormSecretError extends ElicitationDefinitionError {
  /** The form field that looks like a secret. */
  declare readonly field: string;
  /** The secret term that matched, normalised (e.g. `"api key"`). */
  readonly term: string;
  /** Which part of the field the term was found in. */
  readonly location: SecretLocation;

  /**
   * @param message What was found, why it is refused, and how to proceed.
   * @param field The form field that looks like a secret.
   * @param term The secret term that matched.
   * @param location Which part of the field it was found in.
   */
  constructor(message: string, field: string, term: string, location: SecretLocation) {
    super(message, field);
    this.term = term;
    this.location = location;
  }
}
