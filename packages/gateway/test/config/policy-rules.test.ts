/** policyFromRules: first matching rule decides, none denies; principals, scope, upstreams, wildcard items. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { policyFromRules } from "../../src/config/index.js";
import type { GatewayCaller, GatewayItem, PolicyRule } from "../../src/options.js";

const alice: GatewayCaller = { principal: "https://as.example#alice", scopes: ["read"] };
const bob: GatewayCaller = { principal: "https://as.example#bob", scopes: [] };
const nobody: GatewayCaller = { principal: undefined, scopes: [] };
const item = (upstream: string, exposed: string): GatewayItem => ({ kind: "tool", upstream, name: exposed.slice(upstream.length + 1), exposed });
const createIssue = item("github", "github_create_issue");
const listFiles = item("files", "files_list");

describe("policyFromRules", () => {
  const cases: [string, PolicyRule[], GatewayCaller, GatewayItem, boolean][] = [
    ["no rules deny", [], alice, createIssue, false],
    ["an unconditional allow", [{ effect: "allow" }], nobody, createIssue, true],
    ["the first matching rule decides", [{ upstreams: ["github"], effect: "deny" }, { effect: "allow" }], alice, createIssue, false],
    ["a rule that does not match is passed over", [{ upstreams: ["github"], effect: "deny" }, { effect: "allow" }], alice, listFiles, true],
    ["* is any authenticated caller", [{ principals: ["*"], effect: "allow" }], bob, listFiles, true],
    ["* is not the anonymous caller", [{ principals: ["*"], effect: "allow" }], nobody, listFiles, false],
    ["anonymous is the caller without a principal", [{ principals: ["anonymous"], effect: "allow" }], nobody, listFiles, true],
    ["anonymous is not an authenticated caller", [{ principals: ["anonymous"], effect: "allow" }], alice, listFiles, false],
    ["an exact principal", [{ principals: ["https://as.example#alice"], effect: "allow" }], alice, listFiles, true],
    ["another principal", [{ principals: ["https://as.example#alice"], effect: "allow" }], bob, listFiles, false],
    ["a scope held", [{ scope: "read", effect: "allow" }], alice, listFiles, true],
    ["a scope not held", [{ scope: "read", effect: "allow" }], bob, listFiles, false],
    ["an item wildcard", [{ items: ["github_*"], effect: "allow" }], bob, createIssue, true],
    ["a wildcard in the middle", [{ items: ["github_*_issue"], effect: "allow" }], bob, createIssue, true],
    ["a wildcard that does not cover", [{ items: ["github_delete_*"], effect: "allow" }], bob, createIssue, false],
    ["no other character is special", [{ items: ["github.create.issue"], effect: "allow" }], bob, createIssue, false],
    ["every condition must hold", [{ principals: ["*"], scope: "read", upstreams: ["github"], items: ["*issue"], effect: "allow" }], bob, createIssue, false],
    ["resources by URI", [{ items: ["file:///docs/*"], effect: "allow" }], nobody, { kind: "resource", upstream: "files", name: "file:///docs/a.md", exposed: "file:///docs/a.md" }, true],
  ];
  it.each(cases)("%s", (_name, rules, caller, it_, expected) => {
    expect(policyFromRules(rules)(caller, it_)).toBe(expected);
  });

  it("refuses an effect that is neither allow nor deny", () => {
    expect(() => policyFromRules([{ effect: "permit" as "allow" }])).toThrow(/rule 0 has effect "permit"/);
  });

  const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/);
  const caller = fc.record({ principal: fc.option(fc.constantFrom("p1", "p2", "p3"), { nil: undefined }), scopes: fc.subarray(["read", "write", "admin"]) });
  const gatewayItem = fc.record({ kind: fc.constantFrom("tool" as const, "prompt" as const), upstream: fc.constantFrom("a", "b", "c"), name }).map((i) => ({ ...i, exposed: `${i.upstream}_${i.name}` }));
  const rule: fc.Arbitrary<PolicyRule> = fc.record(
    {
      principals: fc.subarray(["p1", "p2", "*", "anonymous"]),
      scope: fc.constantFrom("read", "write"),
      upstreams: fc.subarray(["a", "b", "c"]),
      items: fc.array(fc.oneof(name, name.map((n) => `*${n.slice(1)}`), fc.constant("a_*")), { maxLength: 2 }),
      effect: fc.constantFrom("allow" as const, "deny" as const),
    },
    { requiredKeys: ["effect"] },
  );

  it("a deny rule that matches, before any allow, always denies", () => {
    fc.assert(
      fc.property(caller, gatewayItem, fc.array(rule, { maxLength: 6 }), fc.array(rule, { maxLength: 6 }), (c, i, before, after) => {
        // Only rules that deny, or do not match, come before the deny: still denied.
        const policy = policyFromRules([...before.map((r) => ({ ...r, effect: "deny" as const })), { upstreams: [i.upstream], effect: "deny" }, ...after]);
        expect(policy(c, i)).toBe(false);
      }),
      { seed: 20260728, numRuns: 300 },
    );
  });

  it("rules after the first matching one never change the decision", () => {
    fc.assert(
      fc.property(caller, gatewayItem, fc.array(rule, { maxLength: 6 }), fc.array(rule, { maxLength: 6 }), (c, i, rules, more) => {
        const first = policyFromRules(rules)(c, i);
        const matched = rules.some((r) => policyFromRules([{ ...r, effect: "allow" }])(c, i));
        if (matched) expect(policyFromRules([...rules, ...more])(c, i)).toBe(first);
        else expect(first).toBe(false);
      }),
      { seed: 4242, numRuns: 300 },
    );
  });
});
