/**
 * The doc-comment rule of the API reference (`npm run docs`): which
 * declarations must carry a comment. TypeDoc's own check (validation
 * `notDocumented`) also demands one on every property of a constant's
 * inferred type, so a table of 140 validators or a defaults object would need
 * a comment per nested key of every value; here the constant's comment covers
 * what it holds, and everything else is as strict as TypeDoc's.
 */
import { ReflectionKind, type ProjectReflection, type Reflection } from "typedoc";

/**
 * The kinds that must be documented: what a user names (TypeDoc's default
 * `requiredToBeDocumented`), and each entry point (a module: the first
 * comment of its file, marked `@module`).
 */
const REQUIRED_KINDS =
  ReflectionKind.Module |
  ReflectionKind.Class |
  ReflectionKind.Interface |
  ReflectionKind.Function |
  ReflectionKind.Variable |
  ReflectionKind.TypeAlias |
  ReflectionKind.Enum |
  ReflectionKind.EnumMember |
  ReflectionKind.Property |
  ReflectionKind.Method |
  ReflectionKind.Accessor;

/** What a declaration with signatures may be documented on: itself, or each of its signatures. */
function signaturesOf(reflection: Reflection): Reflection[] {
  if (!reflection.isDeclaration()) return [];
  return [
    ...(reflection.signatures ?? []),
    ...(reflection.getSignature ? [reflection.getSignature] : []),
    ...(reflection.setSignature ? [reflection.setSignature] : []),
  ];
}

/** Whether it has a comment: its own, or one on every signature it has (an overload set may be documented per overload). */
function isDocumented(reflection: Reflection): boolean {
  if (reflection.hasComment()) return true;
  const signatures = signaturesOf(reflection);
  return signatures.length > 0 && signatures.every((s) => s.hasComment());
}

/**
 * Whether the rule leaves it to an enclosing declaration: anything inside a
 * parameter or a type parameter's constraint (documented by its function)
 * or inside a constant's type (documented by the constant).
 */
function coveredByOwner(reflection: Reflection): boolean {
  for (let owner = reflection.parent; owner; owner = owner.parent) {
    if (owner.kindOf(ReflectionKind.Parameter | ReflectionKind.TypeParameter | ReflectionKind.Variable)) return true;
  }
  return false;
}

/**
 * The declarations of `packages` (by the package that declares them, so an
 * `Error`'s inherited `stack` is not ours to document) that the rule finds
 * without a comment, each as TypeDoc names it.
 */
export function undocumentedDeclarations(project: ProjectReflection, packages: readonly string[]): string[] {
  const found: string[] = [];
  for (const reflection of project.getReflectionsByKind(REQUIRED_KINDS)) {
    if (isDocumented(reflection) || coveredByOwner(reflection)) continue;
    if (reflection.kindOf(ReflectionKind.Module)) {
      // A package of several entry points is a module too; its comment is its entry points'.
      if (reflection.parent?.isProject() && reflection.isDeclaration() && reflection.children?.every((c) => c.kindOf(ReflectionKind.Module))) continue;
      found.push(`${reflection.getFriendlyFullName()} (Module) has no doc comment: start its file with one, marked @module`);
      continue;
    }
    const symbol = project.getSymbolIdFromReflection(reflection);
    if (symbol === undefined || !packages.includes(symbol.packageName)) continue;
    found.push(`${reflection.getFriendlyFullName()} (${ReflectionKind[reflection.kind]}, ${symbol.packageName}/${symbol.packagePath}) has no doc comment`);
  }
  return found;
}
