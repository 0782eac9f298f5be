/**
 * The trip planner's view document (`ui://trips/planner`): hand-written
 * HTML and one inline script, no SDK. The script speaks the view's side of
 * MCP Apps (SEP-1865, revision 2026-01-26) over `window.parent.postMessage`:
 * `ui/initialize`, then `ui/notifications/initialized` and its size; it
 * shows the tool's input and result, and its buttons call the app-only tool,
 * read a resource, ask the host to open a link, set the model's context and
 * send a message. It answers `ui/resource-teardown` and `ping`. Whatever the
 * host sends is written with `textContent`, never as HTML.
 *
 * The script is a plain string (not a compiled function), so nothing a
 * transpiler adds can leak into the document.
 */
import { PACKING_LIST } from "./trip-data.js";

/** The view's URI. */
export const TRIP_VIEW_URI = "ui://trips/planner";

/** The app-only tool the view calls for one more stop. */
export const SUGGEST_TOOL = "suggest_stop";

/** Where the view's "City guide" button asks the host to go (the city's key is appended). */
export const GUIDE_URL_BASE = "https://example.com/guides/";

const SCRIPT = String.raw`
(function () {
  "use strict";
  var SUGGEST_TOOL = ${JSON.stringify(SUGGEST_TOOL)};
  var PACKING_URI = ${JSON.stringify(PACKING_LIST.uri)};
  var GUIDE_URL_BASE = ${JSON.stringify(GUIDE_URL_BASE)};
  var nextId = 0;
  var pending = {};
  var trip = null;
  var suggestions = 0;

  function byId(id) { return document.getElementById(id); }
  function show(id, text) { byId(id).textContent = text; }
  function post(message) { window.parent.postMessage(message, "*"); }
  function notify(method, params) { post({ jsonrpc: "2.0", method: method, params: params }); }
  function request(method, params) {
    return new Promise(function (resolve) {
      var id = ++nextId;
      pending[id] = resolve;
      post({ jsonrpc: "2.0", id: id, method: method, params: params });
    });
  }
  function reportSize() {
    notify("ui/notifications/size-changed", { width: document.body.scrollWidth, height: document.body.scrollHeight });
  }
  function textOf(blocks) {
    return (Array.isArray(blocks) ? blocks : []).map(function (b) { return b && typeof b.text === "string" ? b.text : ""; }).join(" ");
  }
  function errorOf(reply) {
    return reply.error ? "error " + reply.error.code + ": " + reply.error.message : undefined;
  }
  function addStop(day, stop) {
    var item = document.createElement("li");
    item.textContent = "Day " + day + ": " + stop;
    byId("itinerary").appendChild(item);
  }
  function applyContext(context) {
    if (context && context.theme) document.body.className = context.theme === "dark" ? "dark" : "";
  }

  function onToolInput(params) {
    show("input", "Asked for: " + JSON.stringify(params && params.arguments));
  }
  function onToolResult(params) {
    var data = params && params.structuredContent;
    show("summary", (params && params.isError ? "The tool failed: " : "") + textOf(params && params.content));
    byId("itinerary").textContent = "";
    if (!data || !Array.isArray(data.plan)) return;
    trip = data;
    show("title", data.days + " days in " + data.cityName);
    data.plan.forEach(function (entry) { addStop(entry.day, entry.stop); });
    Array.prototype.forEach.call(document.querySelectorAll("button"), function (b) { b.disabled = false; });
  }
  function answerHost(message) {
    if (message.method === "ui/resource-teardown") {
      show("status", "Closing: the host tore the view down.");
      post({ jsonrpc: "2.0", id: message.id, result: {} });
    } else if (message.method === "ping") {
      post({ jsonrpc: "2.0", id: message.id, result: {} });
    } else {
      post({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "The trip planner does not serve " + message.method } });
    }
  }

  window.addEventListener("message", function (event) {
    if (event.source !== window.parent) return;
    var message = event.data;
    if (!message || typeof message !== "object" || message.jsonrpc !== "2.0") return;
    if (message.method === undefined && pending[message.id]) {
      var resolve = pending[message.id];
      delete pending[message.id];
      resolve(message);
    } else if (message.method === "ui/notifications/tool-input") onToolInput(message.params);
    else if (message.method === "ui/notifications/tool-result") onToolResult(message.params);
    else if (message.method === "ui/notifications/host-context-changed") applyContext(message.params);
    else if (message.method !== undefined && message.id !== undefined) answerHost(message);
  });

  function on(id, action) {
    byId(id).addEventListener("click", function () {
      action().then(function (text) { show(id + "-answer", text); }, function (error) { show(id + "-answer", "failed: " + error); });
    });
  }
  on("suggest", function () {
    var day = (suggestions % trip.days) + 1;
    var n = suggestions++;
    return request("tools/call", { name: SUGGEST_TOOL, arguments: { city: trip.city, day: day, n: n } }).then(function (reply) {
      var error = errorOf(reply);
      if (error) return error;
      var extra = reply.result.structuredContent;
      if (!reply.result.isError && extra) addStop(extra.day, extra.stop + " (suggested)");
      return (reply.result.isError ? "tool error: " : "") + textOf(reply.result.content);
    });
  });
  on("packing", function () {
    return request("resources/read", { uri: PACKING_URI }).then(function (reply) {
      return errorOf(reply) || textOf(reply.result.contents);
    });
  });
  on("guide", function () {
    return request("ui/open-link", { url: GUIDE_URL_BASE + trip.city }).then(function (reply) {
      return errorOf(reply) ? "The host did not open the guide (" + errorOf(reply) + ")" : "The host opened the guide.";
    });
  });
  on("share", function () {
    var stops = Array.prototype.map.call(document.querySelectorAll("#itinerary li"), function (li) { return li.textContent; });
    var text = "The user is planning " + trip.days + " days in " + trip.cityName + ": " + stops.join("; ") + ".";
    return request("ui/update-model-context", { content: [{ type: "text", text: text }], structuredContent: { city: trip.city, stops: stops } }).then(function (reply) {
      return errorOf(reply) || "The assistant now knows your plan.";
    });
  });
  on("ask", function () {
    var text = "Which restaurants are near my stops in " + trip.cityName + "?";
    return request("ui/message", { role: "user", content: [{ type: "text", text: text }] }).then(function (reply) {
      return errorOf(reply) || "Sent to the conversation.";
    });
  });

  request("ui/initialize", {
    appInfo: { name: "trip-planner-view", version: "1.0.0" },
    appCapabilities: { availableDisplayModes: ["inline"] },
    protocolVersion: "2026-01-26"
  }).then(function (reply) {
    if (reply.error) return show("status", "The host refused the view: " + errorOf(reply));
    var host = reply.result.hostInfo || {};
    applyContext(reply.result.hostContext);
    show("status", "Shown by " + (host.title || host.name) + ".");
    notify("ui/notifications/initialized", {});
    reportSize();
    if (typeof ResizeObserver === "function") new ResizeObserver(reportSize).observe(document.body);
  });
})();
`;

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 0; padding: 0.75rem 1rem; color: #1b1b1f; background: #f4f8ff; }
body.dark { color: #eee; background: #1d2330; }
h1 { font-size: 1.1rem; margin: 0 0 0.25rem; }
p { margin: 0.25rem 0; }
.small { font-size: 0.85rem; color: #556; }
body.dark .small { color: #aab; }
ol { padding-left: 1.25rem; margin: 0.5rem 0; }
.buttons { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.5rem 0; }
button { font: inherit; padding: 0.25rem 0.7rem; border: 1px solid #1f5fbf; border-radius: 4px; background: #fff; color: #1f5fbf; cursor: pointer; }
button:disabled { opacity: 0.5; cursor: default; }
.answers p:empty { display: none; }
`;

/** The view's document. */
export const TRIP_VIEW_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Trip planner</title><style>${STYLE}</style></head>
<body>
<h1 id="title">Trip planner</h1>
<p id="status" class="small">Connecting to the host…</p>
<p id="input" class="small"></p>
<p id="summary"></p>
<ol id="itinerary"></ol>
<div class="buttons">
<button id="suggest" disabled>Suggest a stop</button>
<button id="packing" disabled>Packing list</button>
<button id="guide" disabled>City guide</button>
<button id="share" disabled>Tell the assistant</button>
<button id="ask" disabled>Ask about restaurants</button>
</div>
<div class="answers">
<p id="suggest-answer"></p><p id="packing-answer"></p><p id="guide-answer"></p><p id="share-answer"></p><p id="ask-answer"></p>
</div>
<script>${SCRIPT}</script>
</body></html>
`;
