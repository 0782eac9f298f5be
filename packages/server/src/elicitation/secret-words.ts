/**
 * Does a form field look like it asks for a secret? The words a field is
 * known by (its name, title, description and format) are split into
 * lowercase words (camelCase, snake_case, kebab-case, spaces, accents
 * stripped) and matched against three kinds of terms:
 *
 * - **Unambiguous phrases**, anywhere in any of the four: `password`,
 *   `api key`, `access token`, `client secret`, `credit card`, `cvv`,
 *   `one time code`... (a trailing plural `s` counts too).
 * - **Ambiguous words** (`token`, `secret`, `pin`, `2fa`, `mfa`) only when
 *   they are the field's head noun: the last word of its name, title or
 *   format, ignoring filler such as `value` or a digit. So `githubToken`,
 *   `token_value` and a title "Your token" match, while `token_count`,
 *   `max_tokens` and `secret_garden_description` do not. Descriptions are
 *   prose, where these words are often used otherwise ("the secret garden",
 *   "pin this item"): there only the unambiguous phrases count, plus `PIN`
 *   written in capitals.
 * - `pass` as the head of a field *name* (`dbPass`, `user_pass`), except
 *   after words like `boarding`; whole-word matching already keeps
 *   `passenger`, `passport`, `keyboard` and `bypass` apart.
 *
 * Glued spellings in names are caught too (`userpassword`, `MYAPIKEY`), but
 * not `passwordless`.
 *
 * Bare `key`, `code` and `account number` are not flagged (sort keys, postal
 * codes, customer numbers); their secret forms are (`api key`,
 * `security code`). `card number` is not flagged after `library`,
 * `loyalty`, `membership` and similar.
 *
 * What it flags is what client/elicitation.mdx calls sensitive: "secrets and
 * credentials that grant access or authorize transactions" — its examples
 * (passwords, API keys, access tokens, payment credentials) and the other
 * secrets of that kind (client and signing secrets, private and recovery
 * keys, seed phrases, one-time and second-factor codes, PINs). Identifiers
 * are not flagged: an IBAN, a bank account or routing number, a government
 * ID number identify an account or a person and authorize nothing by
 * themselves, so a form may ask for them and the user may decline.
 */
import type { SecretLocation } from "./errors.js";

/** A secret-looking term found in a form field. */
export interface SecretMatch {
  /** The normalised term that matched, e.g. `"api key"`. */
  term: string;
  /** Where it was found. */
  location: SecretLocation;
}

/** The parts of a form field that name it. Values of the wrong type are ignored. */
export interface FieldWording {
  /** The field's key in `requestedSchema.properties`. */
  name: string;
  /** Its `title`, if any. */
  title?: unknown;
  /** Its `description`, if any. */
  description?: unknown;
  /** Its `format`, if any. */
  format?: unknown;
}

/** Phrases that mean a secret wherever they appear. Words separated by spaces. */
const PHRASES: readonly string[] = [
  // passwords, in a few languages
  "password", "passwd", "pwd", "passphrase", "passcode", "passkey",
  "passwort", "kennwort", "contrasena", "senha", "wachtwoord", "mot de passe", "losenord", "salasana", "jelszo",
  // API keys and tokens
  "api key", "apikey", "api secret", "api token", "access key", "access token", "refresh token", "bearer token",
  "auth token", "authentication token", "authorization token", "session token", "id token", "oauth token",
  "security token", "secret token", "jwt",
  // secrets and keys
  "client secret", "shared secret", "webhook secret", "app secret", "signing secret", "secret key",
  "secret phrase", "secret answer", "secret code", "security answer", "private key", "encryption key",
  "signing key", "master key", "recovery key", "seed phrase", "recovery phrase", "mnemonic phrase",
  "credential", "creds",
  // one-time and second-factor codes
  "otp", "totp", "hotp", "one time password", "one time code", "one time pin", "onetime password", "onetime code",
  "2fa code", "mfa code", "2fa token", "mfa token", "two factor code", "verification code", "authenticator code",
  "sms code", "login code", "backup code", "recovery code", "access code", "auth code", "authorization code",
  "pin code", "pin number",
  // payment credentials (what authorizes a card transaction)
  "credit card", "debit card", "card number", "cc number", "cvv", "cvc", "card verification", "security code",
];

/** Words that mean a secret when they are the head noun of a name, title or format. */
const HEAD_WORDS: readonly string[] = ["token", "secret", "secrets", "pin", "2fa", "mfa"];

/** Words that mean a secret when they are the head noun of a field name only. */
const NAME_HEAD_WORDS: readonly string[] = ["pass"];

/** A phrase or head word is not a secret right after one of these words. */
const NOT_AFTER: Readonly<Record<string, readonly string[]>> = {
  "card number": ["library", "loyalty", "membership", "member", "student", "id", "identity", "insurance", "health", "reward", "rewards"],
  pass: ["boarding", "bus", "day", "season", "ski", "guest", "visitor", "backstage", "press"],
};

/** Trailing words skipped when finding the head noun (`password_confirm`, `token2`, "Your PIN here"). */
const FILLER = new Set(["value", "val", "string", "str", "text", "input", "field", "confirm", "confirmation", "again", "repeat", "retype", "here"]);

/** Glued spellings caught inside a single word of a field name (`userpassword`, `MYAPIKEY`). */
const NAME_COMPOUNDS: readonly string[] = [
  "password", "passwd", "passphrase", "passcode", "apikey", "accesstoken", "refreshtoken", "bearertoken", "authtoken",
  "clientsecret", "privatekey", "secretkey", "creditcard", "routingnumber", "bankaccount", "socialsecurity",
  "onetimepassword", "onetimecode", "securitycode",
];

/** Words that contain a compound but mean something else (`passwordless`). */
const NOT_COMPOUNDS = new Set(["passwordless"]);

/** "Password" in scripts without word case, matched as substrings of the lowercased text. */
const SCRIPT_TERMS: readonly string[] = ["пароль", "パスワード", "密码", "密碼", "비밀번호", "كلمة المرور", "סיסמה", "पासवर्ड"];

/** `PIN` in capitals, as a word: the acronym, not the verb. */
const CAPITAL_PIN = /(?:^|[^\p{L}\p{N}])PINs?(?=$|[^\p{L}\p{N}])/u;

/**
 * Splits text into lowercase words: camelCase and acronyms (`APIKey` → api,
 * key), separators of any kind, accents removed; `2FA` stays one word.
 */
export function splitWords(text: string): string[] {
  const plain = text.normalize("NFKD").replace(/\p{M}+/gu, "");
  const parts = plain.match(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|[\p{Lo}\p{Lm}]+|\p{N}+/gu) ?? [];
  const words: string[] = [];
  for (const part of parts) {
    const word = part.toLowerCase();
    if (word === "fa" && words[words.length - 1] === "2") words[words.length - 1] = "2fa";
    else words.push(word);
  }
  return words;
}

/** Whether `phrase` occurs at `at` in `words`; its last word may carry a plural `s`. */
function phraseAt(words: readonly string[], phrase: readonly string[], at: number): boolean {
  for (let i = 0; i < phrase.length; i++) {
    const want = phrase[i];
    const got = words[at + i];
    if (got === undefined || want === undefined) return false;
    const last = i === phrase.length - 1;
    if (got !== want && !(last && got === `${want}s`)) return false;
  }
  return true;
}

/** Whether the word before `at` cancels `term` (see {@link NOT_AFTER}). */
function cancelled(words: readonly string[], at: number, term: string): boolean {
  const before = words[at - 1];
  return before !== undefined && (NOT_AFTER[term]?.includes(before) ?? false);
}

/** The first unambiguous phrase in `words`, if any. */
function findPhrase(words: readonly string[]): string | undefined {
  for (const term of PHRASES) {
    const phrase = term.split(" ");
    for (let at = 0; at + phrase.length <= words.length; at++) {
      if (phraseAt(words, phrase, at) && !cancelled(words, at, term)) return term;
    }
  }
  return undefined;
}

/** The head word of `words`, if it is one of `heads`. */
function findHead(words: readonly string[], heads: readonly string[]): string | undefined {
  let at = words.length - 1;
  while (at >= 0 && (FILLER.has(words[at] ?? "") || /^\d+$/.test(words[at] ?? ""))) at--;
  const head = words[at];
  if (head === undefined || !heads.includes(head) || cancelled(words, at, head)) return undefined;
  return head;
}

/** The secret term in one piece of text, read as a name, a label or prose. */
function findIn(text: string, as: "name" | "label" | "prose"): string | undefined {
  const lower = text.toLowerCase();
  const script = SCRIPT_TERMS.find((term) => lower.includes(term));
  if (script !== undefined) return script;
  const words = splitWords(text);
  const phrase = findPhrase(words);
  if (phrase !== undefined) return phrase;
  if (as === "prose") return CAPITAL_PIN.test(text) ? "pin" : undefined;
  const head = findHead(words, as === "name" ? [...HEAD_WORDS, ...NAME_HEAD_WORDS] : HEAD_WORDS);
  if (head !== undefined) return head;
  if (as === "label") return CAPITAL_PIN.test(text) ? "pin" : undefined;
  const glued = words.filter((word) => !NOT_COMPOUNDS.has(word));
  return glued.flatMap((word) => NAME_COMPOUNDS.filter((c) => word.length > c.length && word.includes(c)))[0];
}

/**
 * The first secret-looking term in a field's name, title, description or
 * format (checked in that order), or `undefined` when it looks harmless.
 */
export function findSecret(field: FieldWording): SecretMatch | undefined {
  const checks: Array<[SecretLocation, unknown, "name" | "label" | "prose"]> = [
    ["name", field.name, "name"],
    ["title", field.title, "label"],
    ["description", field.description, "prose"],
    ["format", field.format, "label"],
  ];
  for (const [location, text, as] of checks) {
    if (typeof text !== "string") continue;
    const term = findIn(text, as);
    if (term !== undefined) return { term, location };
  }
  return undefined;
}
