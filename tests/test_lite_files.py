"""The JupyterLite set-up as files, checked without building: the pins match this environment,
the settings keep the kernel off the package index, and the local server sends the MIME types a
browser insists on. tests/test_lite.py builds and runs the site itself."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from importlib.metadata import version
from pathlib import Path

from tests.jupyter_server import free_port

LITE = Path(__file__).resolve().parent.parent / "binder" / "lite"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def test_the_site_pins_are_the_installed_build_tools() -> None:
    pins = {}
    for line in (LITE / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, pinned = line.split("==")
            pins[name] = pinned
    assert {"jupyterlite-core", "jupyterlite-pyodide-kernel"} <= set(pins)
    for name, pinned in pins.items():
        assert version(name) == pinned, f"{name} {version(name)} installed, {pinned} pinned"


def test_the_kernel_never_falls_back_to_the_package_index() -> None:
    config = json.loads((LITE / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    assert kernel["disablePyPIFallback"] is True
    assert "http" not in json.dumps(config), "the site settings name another host"


def test_the_local_server_sends_module_and_webassembly_types(tmp_path: Path) -> None:
    (tmp_path / "jupyter-lite.json").write_text("{}")
    (tmp_path / "pyodide.mjs").write_text("export {};")
    (tmp_path / "pyodide.asm.wasm").write_bytes(b"\0asm")
    port = free_port()
    server = subprocess.Popen([sys.executable, str(LITE / "serve.py"), str(tmp_path),
                               "--port", str(port)], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        assert f"http://127.0.0.1:{port}/" in server.stdout.readline()
        types = {}
        for name in ("pyodide.mjs", "pyodide.asm.wasm"):
            for _ in range(50):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/{name}") as answer:
                        types[name] = answer.headers["Content-Type"]
                    break
                except ConnectionError:
                    time.sleep(0.1)
        assert types == {"pyodide.mjs": "text/javascript", "pyodide.asm.wasm": "application/wasm"}
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_local_server_refuses_a_folder_without_a_site(tmp_path: Path) -> None:
    refused = subprocess.run([sys.executable, str(LITE / "serve.py"), str(tmp_path)],
                             capture_output=True, text=True, timeout=30)
    assert refused.returncode != 0
    assert "make lite" in refused.stderr
