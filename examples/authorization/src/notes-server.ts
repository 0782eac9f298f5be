/**
 * The MCP server: what its handlers see of the signed-in user. Every request
 * reaching it passed `protect` (protected-endpoint.ts), so `ctx.auth` holds
 * the verified token's facts and `ctx.principal` names the user. `add_note`
 * needs a scope of its own, `notes:write`: a call whose token lacks it is
 * refused before the handler runs.
 */
import { createServer } from "@mrtr/server";
import * as z from "zod";

/** One tool call as the audit middleware saw it. */
export interface AuditEntry {
  tool: string | undefined;
  principal: string | undefined;
  scopes: readonly string[];
}

/** The notes server, its notes by principal, and the audit trail of its tool calls. */
export function createNotesServer() {
  const notes = new Map<string, string[]>();
  const audit: AuditEntry[] = [];
  const server = createServer({ name: "notes", version: "1.0.0" });

  // Middleware sees the same identity as handlers (ServedCall's principal and auth), e.g. for an audit trail or per-user limits.
  server.use(async (call, next) => {
    if (call.method === "tools/call") audit.push({ tool: call.name, principal: call.principal, scopes: call.auth?.scopes ?? [] });
    return next();
  });

  server.tool({
    name: "whoami",
    description: "Says who the server thinks you are, and what your token allows.",
    handler: (_args, ctx) => ({
      content: [{ type: "text", text: `${ctx.auth?.subject} (principal ${ctx.principal}), scopes: ${ctx.auth?.scopes.join(" ")}` }],
    }),
  });

  server.tool({
    name: "list_notes",
    description: "Lists your notes.",
    handler: (_args, ctx) => {
      const mine = notes.get(ctx.principal!) ?? [];
      return { content: [{ type: "text", text: mine.length === 0 ? "No notes." : mine.join("\n") }] };
    },
  });

  server.tool({
    name: "add_note",
    description: "Adds a note.",
    // Checked on every call, against the token's scopes: without notes:write the client gets 403 insufficient_scope.
    scopes: ["notes:write"],
    inputSchema: z.object({ text: z.string().min(1) }),
    handler: ({ text }, ctx) => {
      // The principal is the token's issuer#subject: each user has their own notes.
      notes.set(ctx.principal!, [...(notes.get(ctx.principal!) ?? []), text]);
      return { content: [{ type: "text", text: `Noted: ${text}` }] };
    },
  });

  return { server, notes, audit };
}
