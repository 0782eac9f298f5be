/**
 * Command-line parsing with node:util's parseArgs (strict: an unknown option
 * is a usage error, exit 2), plus checks for numbers and choices.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./exit-codes.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** What parseArgs returns for `options` (positionals allowed). */
export type Parsed<T extends Options> = ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>>;

/** Parses `argv` for `command`, turning parseArgs' errors into UsageErrors. */
export function parse<const T extends Options>(command: string, argv: string[], options: T): Parsed<T> {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/\. To specify a positional argument.*$/s, "")}. See \`mrtr ${command} --help\`.`);
  }
}

/** A positive integer option, or its default. */
export function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^[1-9]\d*$/.test(value)) throw new UsageError(`--${name} takes a positive integer, not ${JSON.stringify(value)}`);
  return Number(value);
}

/** A choice among `allowed`, or its default. */
export function choice<C extends string>(name: string, value: string | undefined, allowed: readonly C[], fallback: C): C {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(", ")}, not ${JSON.stringify(value)}`);
  return value as C;
}
