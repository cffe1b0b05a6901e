// The static site's way into Pyodide: the kernel's `pyodideUrl` (binder/lite/build.py serves
// this file as static/pyodide/cached-pyodide.mjs, beside Pyodide's own pyodide.mjs, with FILES
// filled in). It loads Pyodide as pyodide.mjs does, except that the runtime's files are taken
// from the browser's cache without asking the host again.
//
// Why: a static host lets a browser keep a file for minutes at most (GitHub Pages ten, Netlify
// and Cloudflare Pages none), so a learner who comes back the next day has every file asked
// for again, and each is answered "not modified". The files then come from the cache all the
// same, but Chromium drops the machine code it had compiled for pyodide.asm.wasm with the old
// answer, and Python runs on its baseline compiler's code again: about 1.5 s more on every
// visit after the first (benchmarks/lite_start.py). Within one build a file's name always
// holds the same bytes, so FILES names each file by its SHA-256: it is fetched with
// `cache: "force-cache"` (the cached copy, however old, without asking the host) and checked
// against that hash (`integrity`). A copy kept from an earlier build of the site fails the
// check and is fetched again, asking the host. This module itself is asked for as usual, so
// a new build's hashes reach the browser with it.

import { loadPyodide as loadRuntime } from "./pyodide.mjs";

export * from "./pyodide.mjs";

// File name (in this folder) -> "sha256-<base64>", as build.py found them.
export const FILES = /* FILES */ {};

// `fetch` for `files` in the folder `base`: a file named there comes from the browser's cache
// when its kept copy has the named hash; any other request is `fetch`'s own.
export function keptFetch(fetch, base, files) {
  return async function fetchKept(resource, options) {
    const url = typeof resource === "string" || resource instanceof URL
      ? new URL(resource, base) : null;
    const name = url && url.href.startsWith(base.href)
      ? decodeURIComponent(url.pathname.slice(base.pathname.length)) : null;
    const integrity = name !== null && Object.hasOwn(files, name) ? files[name] : null;
    if (integrity === null) {
      return fetch(resource, options);
    }
    const pinned = { ...options, integrity: (options && options.integrity) || integrity };
    try {
      return await fetch(resource, { ...pinned, cache: "force-cache" });  // the host if none kept
    } catch {
      // The kept copy is another build's (its hash differs), or the network failed: fetch the
      // file afresh, past the cache, which then keeps the new copy.
      return fetch(resource, { ...pinned, cache: "reload" });
    }
  };
}

let installed = false;

export async function loadPyodide(options) {
  if (!installed) {
    const base = new URL(".", import.meta.url);
    globalThis.fetch = keptFetch(globalThis.fetch.bind(globalThis), base, FILES);
    installed = true;
  }
  return loadRuntime(options);
}
