"""Serve the built JupyterLite site on this machine: ``python binder/lite/serve.py site``.

Any static web server will do; this one only makes sure of the two MIME types a browser insists
on (JavaScript modules and WebAssembly), which Python's table lacks on some systems.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/octet-stream"}


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:
        pass  # one line per file of a 40 MB site would bury the address


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("site", type=Path, help="the folder `make lite` built")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    if not (args.site / "jupyter-lite.json").is_file():
        parser.error(f"{args.site} holds no JupyterLite site: run `make lite` first")
    handler = functools.partial(SiteHandler, directory=str(args.site))
    with ThreadingHTTPServer(("127.0.0.1", args.port), handler) as server:
        port = server.server_address[1]
        print(f"The course: http://127.0.0.1:{port}/lab/index.html?path=00_start_here.ipynb",
              flush=True)
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a teacher stops it
            server.serve_forever()


if __name__ == "__main__":
    main()
