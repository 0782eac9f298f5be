// The poll's view document (ui://polls/board): hand-written HTML and one inline script, no SDK. In a host's
// sandboxed frame the script speaks the view's side of MCP Apps over window.parent.postMessage: ui/initialize,
// then ui/notifications/initialized; it draws the poll from the tool's result, votes through the app-only tool
// cast_vote, tells the model the tally (ui/update-model-context), copies it to the clipboard (the permission it
// asks for) and answers ui/resource-teardown. What the host sends is written with textContent, never as HTML.
// Browsers render views in examples/web-host; this example's host stands in for the script (headless-view.ts).

/** The view's URI. */
export const POLL_VIEW_URI = "ui://polls/board";

/** Where the view's stylesheet comes from: the one origin it declares (resourceDomains). */
export const STYLE_ORIGIN = "https://cdn.example.com";

const SCRIPT = String.raw`
(function () {
  "use strict";
  var nextId = 0, pending = {}, poll = null;
  function post(m) { window.parent.postMessage(m, "*"); }
  function request(method, params) {
    return new Promise(function (resolve) { var id = ++nextId; pending[id] = resolve; post({ jsonrpc: "2.0", id: id, method: method, params: params }); });
  }
  function draw() {
    var list = document.getElementById("options");
    document.getElementById("question").textContent = poll.question;
    list.textContent = "";
    poll.options.forEach(function (option) {
      var button = document.createElement("button");
      button.textContent = option + ": " + (poll.votes[option] || 0);
      button.onclick = function () { vote(option); };
      list.appendChild(button);
    });
  }
  function vote(option) {
    request("tools/call", { name: "cast_vote", arguments: { pollId: poll.pollId, option: option } }).then(function (reply) {
      if (reply.error || !reply.result.structuredContent) { document.getElementById("status").textContent = reply.error ? reply.error.message : "No tally"; return; }
      poll = reply.result.structuredContent;
      draw();
      request("ui/update-model-context", { structuredContent: poll });
    });
  }
  document.getElementById("copy").onclick = function () {
    if (poll) navigator.clipboard.writeText(poll.question + " " + poll.options.map(function (o) { return o + " " + (poll.votes[o] || 0); }).join(", "));
  };
  window.addEventListener("message", function (event) {
    if (event.source !== window.parent) return;
    var m = event.data || {};
    if (m.id !== undefined && !m.method && pending[m.id]) { pending[m.id](m); delete pending[m.id]; return; }
    if (m.method === "ui/notifications/tool-result" && m.params && m.params.structuredContent) { poll = m.params.structuredContent; draw(); }
    if (m.method === "ui/resource-teardown" || m.method === "ping") post({ jsonrpc: "2.0", id: m.id, result: {} });
  });
  request("ui/initialize", { appInfo: { name: "poll-board", version: "1.0.0" }, appCapabilities: {}, protocolVersion: "2026-01-26" }).then(function () {
    post({ jsonrpc: "2.0", method: "ui/notifications/initialized" });
  });
})();
`;

/** The view's HTML document. */
export const POLL_VIEW_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Poll</title>
<link rel="stylesheet" href="${STYLE_ORIGIN}/polls/board.css">
</head>
<body>
<h1 id="question">Waiting for the poll…</h1>
<div id="options"></div>
<button id="copy">Copy results</button>
<p id="status"></p>
<script>${SCRIPT}</script>
</body>
</html>
`;
