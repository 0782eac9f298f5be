/**
 * `@mrtr/apps/server`: declare MCP Apps views on an `@mrtr/server`.
 *
 * ```ts
 * const dashboard = appView(server, { uri: "ui://weather/dashboard", name: "Weather", html, csp: { connectDomains: ["https://api.example.com"] } });
 * dashboard.tool({ name: "get_weather", handler: () => ({ content: [{ type: "text", text: "Sunny, 21 °C" }], structuredContent: { c: 21 } }) });
 * ```
 *
 * @module
 */
export { appView } from "./app-view.js";
export type { AppView, ViewDefinition, ViewToolDefinition } from "./app-view.js";
export { supportsViews, uiCapabilityOf } from "./supports-views.js";
export type { UiCapability } from "./supports-views.js";
