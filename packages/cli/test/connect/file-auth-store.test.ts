/**
 * The tokens cache of `mrtr connect` on disk: owner-only folder and files,
 * atomic replacement, hashed file names, refusal of files others may read,
 * corrupt files ignored with a warning; and the DPoP key kept beside.
 * POSIX file modes, as `npm test` is run (Linux, macOS).
 */
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { StoredClient, StoredTokens } from "@mrtr/client/auth";
import { authDirectory } from "../../src/connect/config-dir.js";
import { persistentDPoPKeyPair } from "../../src/connect/dpop-key.js";
import { FileAuthStore, InsecureCredentialsFileError } from "../../src/connect/file-auth-store.js";

const SERVER = "https://mcp.example.com/mcp";
const TOKENS: StoredTokens = { accessToken: "at-1", refreshToken: "rt-1", expiresAt: 1_900_000_000_000, scope: "mcp", issuer: "https://as.example.com", resource: SERVER, clientId: "client-1" };
const CLIENT: StoredClient = { kind: "dynamic", clientId: "client-1", tokenEndpointAuthMethod: "none", redirectUris: ["http://127.0.0.1:5555/callback"] };

let root: string;
let directory: string;
let warnings: string[];
let store: FileAuthStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "mrtr-store-"));
  directory = join(root, "config", "auth");
  warnings = [];
  store = new FileAuthStore({ directory, warn: (message) => warnings.push(message) });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe("FileAuthStore", () => {
  it("keeps tokens and client registrations across instances, and deletes them", async () => {
    expect(await store.getTokens(SERVER)).toBeUndefined();
    await store.setTokens(SERVER, TOKENS);
    await store.setClient(TOKENS.issuer, CLIENT);
    const again = new FileAuthStore({ directory });
    expect(await again.getTokens(SERVER)).toEqual(TOKENS);
    expect(await again.getClient(TOKENS.issuer)).toEqual(CLIENT);
    expect(await again.getTokens("https://other.example.com/mcp")).toBeUndefined();
    await again.setTokens(SERVER, undefined);
    expect(await store.getTokens(SERVER)).toBeUndefined();
    expect(await store.getClient(TOKENS.issuer)).toEqual(CLIENT);
  });

  it("makes the folder 0700 and each file 0600, whatever the umask", async () => {
    const previous = process.umask(0o000);
    try {
      await store.setTokens(SERVER, TOKENS);
    } finally {
      process.umask(previous);
    }
    expect(await mode(directory)).toBe(0o700);
    expect(await mode(store.fileOf("tokens", SERVER))).toBe(0o600);
  });

  it("tightens an existing folder to 0700 on write", async () => {
    await mkdir(directory, { recursive: true, mode: 0o755 });
    await chmod(directory, 0o755);
    await store.setClient(TOKENS.issuer, CLIENT);
    expect(await mode(directory)).toBe(0o700);
  });

  it("names files by a SHA-256 of the key: no URL in a file name", async () => {
    await store.setTokens(SERVER, TOKENS);
    await store.setClient(TOKENS.issuer, CLIENT);
    const names = await readdir(directory);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{64}\.json$/);
    expect(names.join(" ")).not.toMatch(/example|https/);
    // Tokens and a client under the same key are two files.
    await store.setClient(SERVER, CLIENT);
    expect(store.fileOf("client", SERVER)).not.toBe(store.fileOf("tokens", SERVER));
    expect(await readdir(directory)).toHaveLength(3);
  });

  it("replaces a file atomically: a new file renamed over the old, no temporary file left", async () => {
    await store.setTokens(SERVER, TOKENS);
    const file = store.fileOf("tokens", SERVER);
    const before = (await stat(file)).ino;
    await store.setTokens(SERVER, { ...TOKENS, accessToken: "at-2" });
    expect((await stat(file)).ino).not.toBe(before);
    expect(await readdir(directory)).toEqual([file.slice(directory.length + 1)]);
    expect((await store.getTokens(SERVER))?.accessToken).toBe("at-2");
    // Concurrent writers never leave a torn file.
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.setTokens(SERVER, { ...TOKENS, accessToken: `at-${i}` })));
    expect((await store.getTokens(SERVER))?.accessToken).toMatch(/^at-\d+$/);
    expect((await readdir(directory)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("refuses a file others may read (0644), saying to chmod 600 or delete it", async () => {
    await store.setTokens(SERVER, TOKENS);
    const file = store.fileOf("tokens", SERVER);
    await chmod(file, 0o644);
    const refusal = store.getTokens(SERVER);
    await expect(refusal).rejects.toBeInstanceOf(InsecureCredentialsFileError);
    await expect(refusal).rejects.toThrow(`chmod 600 ${file}`);
    await expect(refusal).rejects.toThrow(/delete it/);
    await expect(refusal).rejects.toThrow(/mode 644/);
    await chmod(file, 0o600);
    expect(await store.getTokens(SERVER)).toEqual(TOKENS);
  });

  it("refuses a symbolic link in place of a file", async () => {
    await mkdir(directory, { recursive: true });
    const elsewhere = join(root, "elsewhere.json");
    await writeFile(elsewhere, JSON.stringify({ kind: "tokens", key: SERVER, value: TOKENS }), { mode: 0o600 });
    await symlink(elsewhere, store.fileOf("tokens", SERVER));
    await expect(store.getTokens(SERVER)).rejects.toThrow(/symbolic link/);
  });

  it("treats a corrupt or foreign file as absent, with a warning on stderr, and replaces it at the next write", async () => {
    await mkdir(directory, { recursive: true });
    const file = store.fileOf("tokens", SERVER);
    await writeFile(file, "{ not json", { mode: 0o600 });
    expect(await store.getTokens(SERVER)).toBeUndefined();
    expect(warnings).toEqual([`${file} is not a valid tokens file; ignoring it (it is replaced at the next sign-in).`]);
    await writeFile(file, JSON.stringify({ kind: "tokens", key: SERVER, value: { accessToken: 42 } }), { mode: 0o600 });
    expect(await store.getTokens(SERVER)).toBeUndefined();
    expect(warnings).toHaveLength(2);
    await store.setTokens(SERVER, TOKENS);
    expect(await store.getTokens(SERVER)).toEqual(TOKENS);
    expect(warnings).toHaveLength(2);
  });

  it("stores the record with its kind and key, and nothing in the file name gives the server away", async () => {
    await store.setTokens(SERVER, TOKENS);
    const record = JSON.parse(await readFile(store.fileOf("tokens", SERVER), "utf8")) as unknown;
    expect(record).toEqual({ kind: "tokens", key: SERVER, value: TOKENS });
  });
});

describe("the DPoP key beside the tokens", () => {
  it("is made once per server, kept owner-only, and imported again with the same public key", async () => {
    const first = await persistentDPoPKeyPair(store, SERVER);
    const second = await persistentDPoPKeyPair(new FileAuthStore({ directory }), SERVER);
    const jwk = async (pair: CryptoKeyPair) => crypto.subtle.exportKey("jwk", pair.publicKey);
    expect(await jwk(second)).toEqual(await jwk(first));
    expect(second.privateKey.extractable).toBe(false);
    const other = await persistentDPoPKeyPair(store, "https://other.example.com/mcp");
    expect((await jwk(other)).x).not.toBe((await jwk(first)).x);
    expect(await mode(store.fileOf("dpop-key", SERVER))).toBe(0o600);
  });
});

describe("the folder", () => {
  it("is $MRTR_CONFIG_DIR/auth, else $XDG_CONFIG_HOME/mrtr/auth, else ~/.config/mrtr/auth", () => {
    expect(authDirectory({ MRTR_CONFIG_DIR: "/x/mrtr", XDG_CONFIG_HOME: "/y" })).toBe(join("/x/mrtr", "auth"));
    expect(authDirectory({ XDG_CONFIG_HOME: "/y" })).toBe(join("/y", "mrtr", "auth"));
    expect(authDirectory({})).toMatch(/[/\\]\.config[/\\]mrtr[/\\]auth$/);
  });

  it("is the store's default", () => {
    const saved = process.env.MRTR_CONFIG_DIR;
    process.env.MRTR_CONFIG_DIR = root;
    try {
      expect(new FileAuthStore().directory).toBe(join(root, "auth"));
    } finally {
      if (saved === undefined) delete process.env.MRTR_CONFIG_DIR;
      else process.env.MRTR_CONFIG_DIR = saved;
    }
  });
});
