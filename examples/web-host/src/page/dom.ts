/**
 * Building the page's elements. Everything a server sends is put into the
 * page as text nodes or attribute values, never parsed as HTML, so a tool
 * title or a form label cannot add markup or scripts.
 */

/** What an element may contain: elements, or strings that become text. Empty values are skipped. */
export type Child = Node | string | null | undefined | false;

/** Attributes: a string sets it, `true` sets it empty, `false` and `undefined` leave it out. */
export type Attributes = Record<string, string | boolean | undefined>;

/** A new `tag` element with `attributes` and `children` (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, "");
    else if (typeof value === "string") element.setAttribute(name, value);
  }
  append(element, ...children);
  return element;
}

/** Appends `children` to `parent`, strings as text. */
export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
}

/** Replaces everything in `parent` with `children`. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** The element with `id`; throws when the page lacks it (a bug in the page, not in a peer). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no element #${id}`);
  return element as T;
}
