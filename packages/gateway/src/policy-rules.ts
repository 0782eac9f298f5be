/**
 * A policy as data made a function: the rules of a configuration file's
 * `policy` (or code's), tried in order; the first whose conditions all hold
 * decides, and when none does the caller is denied. An absent condition
 * holds for everyone; `principals` takes exact principals, `*` for any
 * authenticated caller and `anonymous` for a caller without one; `items`
 * takes exposed names with `*` matching any run of characters.
 */
import type { GatewayCaller, GatewayItem, GatewayPolicy, PolicyRule } from "./options.js";

/** A rule with its conditions prepared once. */
interface CompiledRule {
  allow: boolean;
  principal: ((principal: string | undefined) => boolean) | undefined;
  scope: string | undefined;
  upstreams: ReadonlySet<string> | undefined;
  items: readonly RegExp[] | undefined;
}

/** A name pattern with `*` wildcards as an anchored expression; every other character stands for itself. */
function wildcard(pattern: string): RegExp {
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`, "s");
}

function principalMatcher(principals: readonly string[]): (principal: string | undefined) => boolean {
  const exact = new Set(principals.filter((p) => p !== "*" && p !== "anonymous"));
  const anyAuthenticated = principals.includes("*");
  const anonymous = principals.includes("anonymous");
  return (principal) => (principal === undefined ? anonymous : anyAuthenticated || exact.has(principal));
}

function compile(rule: PolicyRule, index: number): CompiledRule {
  if (rule.effect !== "allow" && rule.effect !== "deny") throw new TypeError(`policyFromRules: rule ${index} has effect ${JSON.stringify(rule.effect)}; it must be "allow" or "deny".`);
  return {
    allow: rule.effect === "allow",
    principal: rule.principals && principalMatcher(rule.principals),
    scope: rule.scope,
    upstreams: rule.upstreams && new Set(rule.upstreams),
    items: rule.items?.map(wildcard),
  };
}

function applies(rule: CompiledRule, caller: GatewayCaller, item: GatewayItem): boolean {
  if (rule.principal && !rule.principal(caller.principal)) return false;
  if (rule.scope !== undefined && !caller.scopes.includes(rule.scope)) return false;
  if (rule.upstreams && !rule.upstreams.has(item.upstream)) return false;
  if (rule.items && !rule.items.some((pattern) => pattern.test(item.exposed))) return false;
  return true;
}

/**
 * The policy `rules` describe: the first rule that applies to the caller
 * and the item decides; none applying denies. Throws a `TypeError` for a
 * rule whose effect is neither "allow" nor "deny".
 */
export function policyFromRules(rules: readonly PolicyRule[]): GatewayPolicy {
  const compiled = rules.map(compile);
  return (caller, item) => {
    for (const rule of compiled) if (applies(rule, caller, item)) return rule.allow;
    return false;
  };
}
