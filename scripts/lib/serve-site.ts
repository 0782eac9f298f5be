/**
 * Serves a built site folder on localhost for reading (`npm run docs --
 * --serve`): GET and HEAD of files under the folder, `index.html` for a
 * folder, nothing outside it. A reading aid, not a production server.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".md": "text/markdown; charset=utf-8",
  ".png": "image/png",
};

/** The file under `dir` that `urlPath` names, or undefined when it names none (or something outside `dir`). */
export function siteFile(dir: string, urlPath: string): string | undefined {
  const root = resolve(dir);
  let path: string;
  try {
    path = resolve(root, normalize(`.${decodeURIComponent(urlPath.split("?")[0]!)}`));
  } catch {
    return undefined;
  }
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  if (existsSync(path) && statSync(path).isDirectory()) path = join(path, "index.html");
  return existsSync(path) && statSync(path).isFile() ? path : undefined;
}

/** Starts serving `dir` on `port` of 127.0.0.1 (0: any free port); resolves with the server and its address. */
export function serveSite(dir: string, port: number): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const file = req.method === "GET" || req.method === "HEAD" ? siteFile(dir, req.url ?? "/") : undefined;
    if (!file) {
      res.writeHead(req.method === "GET" || req.method === "HEAD" ? 404 : 405).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      done({ server, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/` });
    });
  });
}
