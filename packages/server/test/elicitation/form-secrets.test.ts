import { describe, expect, it } from "vitest";
import type { ElicitRequestFormParams } from "@mrtr/schema";
import { assertSafeForm, ElicitationDefinitionError, FormSecretError } from "../../src/elicitation/index.js";
import { splitWords } from "../../src/elicitation/secret-words.js";

/** Form params with one field. */
function oneField(name: string, field: Record<string, unknown>): ElicitRequestFormParams {
  return { message: "Please fill in", requestedSchema: { type: "object", properties: { [name]: field } } } as unknown as ElicitRequestFormParams;
}

/** The FormSecretError thrown for `params`, or undefined when none is. */
function secretErrorOf(params: ElicitRequestFormParams, allowFields?: string[]): FormSecretError | undefined {
  try {
    assertSafeForm(params, allowFields === undefined ? {} : { allowFields });
  } catch (error) {
    if (error instanceof FormSecretError) return error;
    throw error;
  }
  return undefined;
}

/** camelCase of space-separated words. */
function camel(phrase: string): string {
  return phrase
    .split(" ")
    .map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join("");
}

/** Secret phrases that are caught wherever they appear: name, title, description, format. */
const PHRASES = [
  "password", "passphrase", "passcode", "api key", "access token", "refresh token", "bearer token", "auth token",
  "client secret", "secret key", "private key", "credential", "credentials", "credit card", "card number", "cvv", "cvc",
  "security code", "one time code",
  "one time password", "otp", "2fa code", "verification code", "pin code", "seed phrase", "jwt",
];

/**
 * Identifiers, not credentials: they identify an account or a person and
 * authorize nothing, so a form may ask for them (the user reviews and may
 * decline): client/elicitation.mdx defines the sensitive information form
 * mode must not request as secrets and credentials that grant access or
 * authorize transactions.
 */
const IDENTIFIERS = ["iban", "bank account", "routing number", "sort code", "ssn", "social security number", "national insurance number"];

describe("the secret screen leaves identifiers to the form", () => {
  for (const phrase of IDENTIFIERS) {
    it(`lets "${phrase}" through as a name, title and description`, () => {
      expect(secretErrorOf(oneField(phrase.replaceAll(" ", "_"), { type: "string", title: `Your ${phrase}`, description: `Enter your ${phrase}.` }))).toBeUndefined();
    });
  }
});

/** Ambiguous words caught when they are the head noun of a name, title or format. */
const HEAD_WORDS = ["token", "secret", "pin", "2fa", "mfa"];

describe("the secret screen catches each secret phrase in name, title, description and format", () => {
  for (const phrase of PHRASES) {
    const snake = phrase.replaceAll(" ", "_");
    const cases: Array<[string, string, Record<string, unknown>, "name" | "title" | "description" | "format"]> = [
      ["camelCase name", camel(phrase), { type: "string" }, "name"],
      ["snake_case name", snake, { type: "string" }, "name"],
      ["SCREAMING_SNAKE name", snake.toUpperCase(), { type: "string" }, "name"],
      ["title", "value", { type: "string", title: `Your ${phrase}` }, "title"],
      ["description", "value", { type: "string", description: `Enter the ${phrase} you were given.` }, "description"],
      ["kebab-case format", "value", { type: "string", format: phrase.replaceAll(" ", "-") }, "format"],
    ];
    for (const [how, name, field, location] of cases) {
      it(`catches "${phrase}" as a ${how}`, () => {
        const error = secretErrorOf(oneField(name, field));
        expect(error).toBeDefined();
        expect(error?.field).toBe(name);
        expect(error?.location).toBe(location);
      });
    }
  }

  for (const word of HEAD_WORDS) {
    it(`catches "${word}" as the head of a camelCase name, a snake_case name, a title and a format`, () => {
      expect(secretErrorOf(oneField(`github${word.toUpperCase().charAt(0)}${word.slice(1)}`, { type: "string" }))?.term).toBe(word);
      expect(secretErrorOf(oneField(`github_${word}`, { type: "string" }))?.term).toBe(word);
      expect(secretErrorOf(oneField(`${word}_value`, { type: "string" }))?.term).toBe(word);
      expect(secretErrorOf(oneField(`${word}2`, { type: "string" }))?.term).toBe(word);
      expect(secretErrorOf(oneField("value", { type: "string", title: `Your ${word}` }))?.location).toBe("title");
      expect(secretErrorOf(oneField("value", { type: "string", format: word }))?.location).toBe("format");
    });
  }

  it("catches PIN written in capitals in a description", () => {
    expect(secretErrorOf(oneField("value", { type: "string", description: "Your 4-digit PIN" }))?.term).toBe("pin");
  });

  it("catches numeric fields too (a card number or PIN can be typed as a number)", () => {
    expect(secretErrorOf(oneField("cardNumber", { type: "integer" }))?.term).toBe("card number");
    expect(secretErrorOf(oneField("pin", { type: "number" }))?.term).toBe("pin");
  });

  it("catches glued and acronym spellings: userpassword, MYAPIKEY, APIKey, dbPass, cvv2, enable2FA", () => {
    expect(secretErrorOf(oneField("userpassword", { type: "string" }))?.term).toBe("password");
    expect(secretErrorOf(oneField("MYAPIKEY", { type: "string" }))?.term).toBe("apikey");
    expect(secretErrorOf(oneField("APIKey", { type: "string" }))?.term).toBe("api key");
    expect(secretErrorOf(oneField("dbPass", { type: "string" }))?.term).toBe("pass");
    expect(secretErrorOf(oneField("cvv2", { type: "string" }))?.term).toBe("cvv");
    expect(secretErrorOf(oneField("enable2FA", { type: "string" }))?.term).toBe("2fa");
  });

  it("catches passwords in other languages and scripts", () => {
    for (const title of ["Passwort", "Contraseña", "Mot de passe", "パスワード", "Пароль", "密码", "비밀번호"]) {
      expect(secretErrorOf(oneField("value", { type: "string", title }))?.location, title).toBe("title");
    }
  });
});

describe("the secret screen does not flag look-alikes", () => {
  const harmlessNames = [
    "token_count", "max_tokens", "maxTokens", "tokenizer", "passenger", "passengerName", "keyboard", "keyboard_layout",
    "passport_number", "compass_heading", "bypass_reason", "secretary_name", "secret_garden_description", "secretSanta",
    "sort_key", "primary_key", "keyName", "zip_code", "postal_code", "country_code", "promo_code", "pinToTop",
    "is_pinned", "spinner", "username", "email", "library_card_number", "boarding_pass", "passwordless_email",
    "account_number", "author", "description",
  ];
  for (const name of harmlessNames) {
    it(`does not flag the field name ${name}`, () => {
      expect(secretErrorOf(oneField(name, { type: "string" }))).toBeUndefined();
    });
  }

  const harmlessWording: Array<[string, Record<string, unknown>]> = [
    ["the description 'Description of the secret garden'", { description: "Description of the secret garden" }],
    ["the description 'Pin this item to the top of the list'", { description: "Pin this item to the top of the list" }],
    ["the description 'How many tokens may the model use?'", { description: "How many tokens may the model use?" }],
    ["the description 'Keep this value secret from your friends'", { description: "Keep this value secret from your friends" }],
    ["the title 'Token count'", { title: "Token count" }],
    ["the title 'Secret garden'", { title: "Secret garden" }],
    ["the title 'Pin to top'", { title: "Pin to top" }],
    ["the title 'Passenger name'", { title: "Passenger name" }],
  ];
  for (const [what, wording] of harmlessWording) {
    it(`does not flag ${what}`, () => {
      expect(secretErrorOf(oneField("answer", { type: "string", ...wording }))).toBeUndefined();
    });
  }

  it("does not screen choice fields (boolean, enum, oneOf, multi-select): they only return values the server offered", () => {
    expect(secretErrorOf(oneField("remember_password", { type: "boolean" }))).toBeUndefined();
    expect(secretErrorOf(oneField("password_policy", { type: "string", enum: ["strict", "lax"] }))).toBeUndefined();
    expect(secretErrorOf(oneField("token_kind", { type: "string", oneOf: [{ const: "a", title: "Access token" }] }))).toBeUndefined();
    expect(secretErrorOf(oneField("api_keys_to_revoke", { type: "array", items: { type: "string", enum: ["k1", "k2"] } }))).toBeUndefined();
  });
});

describe("allowFields overrides the secret screen per field", () => {
  it("lets an allowed field through", () => {
    expect(() => assertSafeForm(oneField("raffle_token", { type: "string" }), { allowFields: ["raffle_token"] })).not.toThrow();
  });

  it("still screens the fields it does not name", () => {
    const params = {
      message: "m",
      requestedSchema: { type: "object", properties: { raffle_token: { type: "string" }, password: { type: "string" } } },
    } as ElicitRequestFormParams;
    expect(secretErrorOf(params, ["raffle_token"])?.field).toBe("password");
  });

  it("does not skip the schema checks of an allowed field", () => {
    expect(() => assertSafeForm(oneField("token", { type: "object" }), { allowFields: ["token"] })).toThrow(/nested objects/);
  });
});

describe("FormSecretError tells the developer what to do", () => {
  const error = secretErrorOf(oneField("githubToken", { type: "string" }));

  it("is an ElicitationDefinitionError carrying the field, the term and where it was found", () => {
    expect(error).toBeInstanceOf(ElicitationDefinitionError);
    expect(error?.name).toBe("FormSecretError");
    expect(error?.field).toBe("githubToken");
    expect(error?.term).toBe("token");
    expect(error?.location).toBe("name");
  });

  it("names the field and points to URL mode", () => {
    expect(error?.message).toContain('Form field "githubToken"');
    expect(error?.message).toContain("ctx.elicitUrl");
    expect(error?.message).toContain('mode "url"');
  });

  it("shows the per-field override for a false positive", () => {
    expect(error?.message).toContain('allowFields: ["githubToken"]');
  });

  it("is raised before the schema check, so format: password is reported as a secret", () => {
    expect(secretErrorOf(oneField("value", { type: "string", format: "password" }))?.location).toBe("format");
  });
});

describe("splitWords normalises identifiers and text into lowercase words", () => {
  it("splits camelCase, acronyms, snake_case, kebab-case and strips accents", () => {
    expect(splitWords("userAPIKey")).toEqual(["user", "api", "key"]);
    expect(splitWords("access_token-value")).toEqual(["access", "token", "value"]);
    expect(splitWords("Contraseña")).toEqual(["contrasena"]);
    expect(splitWords("enable2FA code")).toEqual(["enable", "2fa", "code"]);
  });
});
