"""The JupyterLite set-up as files, checked without building: the pins match this environment,
the settings keep the kernel off the package index, the local server sends the MIME types a
browser insists on, and the kernel's way into Pyodide (binder/lite/cached-pyodide.mjs, run by
Node) takes the runtime's files from the cache by hash. tests/test_lite.py builds and runs the
site itself."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import time
import urllib.request
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

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


def site_python() -> Any:
    """binder/lite/sitecustomize.py as a module (the site's Python runs it as it starts)."""
    spec = importlib.util.spec_from_file_location("lite_sitecustomize",
                                                  LITE / "sitecustomize.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Comm:
    """A comm as the Pyodide kernel's: fills in its defaults, then hands the message on."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, Any, Any, dict[str, Any]]] = []

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        data = {} if data is None else data
        self.sent.append((msg_type, data, metadata, keys))


def test_the_sites_python_sends_a_widgets_none_as_null() -> None:
    site = site_python()
    null = object()  # the page's null (pyodide.ffi.jsnull in the browser)
    site.send_nulls(Comm, null)
    comm = Comm()
    comm.publish_msg("comm_msg", {"method": "update", "state": {"display": None,
                                                                "cards": ("7H", None)}},
                     target_module=None)
    comm.publish_msg("comm_close")
    assert comm.sent == [
        ("comm_msg", {"method": "update", "state": {"display": null, "cards": ["7H", null]}},
         None, {"target_module": null}),
        ("comm_close", {}, None, {}),  # no data given: the comm's own default, not null
    ]


def test_the_kernels_comm_is_patched_as_it_is_imported(tmp_path: Path,
                                                       monkeypatch: Any) -> None:
    # A stand-in for the kernel's package and for Pyodide's ffi, found on the path.
    (tmp_path / "pyodide_kernel").mkdir()
    (tmp_path / "pyodide_kernel" / "__init__.py").write_text("")
    (tmp_path / "pyodide_kernel" / "comm.py").write_text(
        "class Comm:\n"
        "    sent = []\n"
        "    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):\n"
        "        Comm.sent.append(data)\n")
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "__init__.py").write_text("")
    (tmp_path / "pyodide" / "ffi.py").write_text("jsnull = 'null'\n")
    site = site_python()
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    names = ("pyodide_kernel", "pyodide_kernel.comm", "pyodide", "pyodide.ffi")
    try:
        site.install()
        site.install()  # once only
        assert sys.meta_path.count(site.KernelCommNulls) == 1
        from pyodide_kernel.comm import Comm as KernelComm  # type: ignore[import-not-found]

        KernelComm().publish_msg("comm_msg", {"state": {"value": None}})
        assert KernelComm.sent == [{"state": {"value": "null"}}]
    finally:
        for name in names:
            sys.modules.pop(name, None)


def build_script() -> Any:
    """binder/lite/build.py as a module."""
    spec = importlib.util.spec_from_file_location("lite_build", LITE / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def runtime_folder(folder: Path) -> dict[str, str]:
    """A stand-in for the site's Pyodide folder; returns each fetched file's hash as a
    browser writes a fetch's integrity."""
    folder.mkdir()
    files = {"pyodide.asm.wasm": b"\0asm\1\0\0\0", "python_stdlib.zip": b"PK\5\6" + bytes(18),
             "pyodide-lock.json": b"{}", "gin_teach-0.1.0-py3-none-any.whl": b"PK wheel"}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    # The runtime's own module, which the entry loads: it fetches the files as Pyodide does.
    (folder / "pyodide.mjs").write_text(
        "export const version = 'stand-in';\n"
        "export async function loadPyodide(options) {\n"
        "  const wasm = await fetch(new URL('pyodide.asm.wasm', import.meta.url));\n"
        "  return { options, wasm: await wasm.text() };\n"
        "}\n")
    return {name: "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
            for name, data in files.items()}


def test_the_cached_entry_names_every_fetched_file_by_its_hash(tmp_path: Path) -> None:
    folder = tmp_path / "pyodide"
    hashes = runtime_folder(folder)
    entry = build_script().write_cached_entry(folder)
    assert entry == folder / "cached-pyodide.mjs"
    text = entry.read_text(encoding="utf-8")
    files = json.loads(text.split("export const FILES = ", 1)[1].split(";\n", 1)[0])
    assert files == hashes  # the modules (pyodide.mjs, the entry itself) are imported, not here


def test_the_site_kernel_loads_pyodide_through_the_cached_entry(tmp_path: Path) -> None:
    build = build_script()
    site = tmp_path / "site"
    pyodide = site / "static" / "pyodide"
    pyodide.parent.mkdir(parents=True)
    runtime_folder(pyodide)
    settings = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}
    config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: settings}}}
    (site / "jupyter-lite.json").write_text(json.dumps(config))
    build.point_kernel_at(site, build.write_cached_entry(pyodide))
    written = json.loads((site / "jupyter-lite.json").read_text())
    assert written["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN] == {
        "pyodideUrl": "./static/pyodide/cached-pyodide.mjs", "disablePyPIFallback": True}


# Run by Node beside the entry: fetch is a stand-in that records each call and refuses the
# cached copy of a wheel (as a browser does when the copy kept fails the integrity check).
_FETCHES_JS = """
const [entryUrl] = process.argv.slice(1);
const calls = [];
globalThis.fetch = async (resource, options) => {
  calls.push([String(resource), options === undefined ? null : options]);
  if (String(resource).endsWith('.whl') && options && options.cache === 'force-cache') {
    throw new TypeError('integrity mismatch');
  }
  return new Response('answer');
};
const entry = await import(entryUrl);
const loaded = await entry.loadPyodide({ indexURL: 'stand-in' });
const base = new URL('.', entryUrl);
const lock = { integrity: 'sha256-from-the-lock' };
await fetch(new URL('gin_teach-0.1.0-py3-none-any.whl', base).href, lock);
await fetch(new URL('../extensions/pypi/all.json', base));
await fetch(new URL('pyodide-lock.json?v=1', base));
console.log(JSON.stringify({ loaded, version: entry.version, calls }));
"""


def test_the_cached_entry_takes_the_runtime_from_the_cache_and_checks_it(
        tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to build the site (.ci/run installs it)")
    folder = tmp_path / "pyodide"
    hashes = runtime_folder(folder)
    entry = build_script().write_cached_entry(folder)
    ran = subprocess.run([node, "--input-type=module", "-e", _FETCHES_JS, entry.as_uri()],
                         capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    seen = json.loads(ran.stdout)
    assert seen["loaded"] == {"options": {"indexURL": "stand-in"}, "wasm": "answer"}
    assert seen["version"] == "stand-in"  # the runtime's other names pass through
    here = folder.as_uri() + "/"
    kept = {"cache": "force-cache"}
    assert seen["calls"] == [
        # Pyodide's own fetch of the runtime: from the cache, checked against its hash.
        [here + "pyodide.asm.wasm", {"integrity": hashes["pyodide.asm.wasm"], **kept}],
        # A wheel whose kept copy fails the check (another build's): fetched afresh; the
        # integrity the lock gave is the one checked.
        [here + "gin_teach-0.1.0-py3-none-any.whl",
         {"integrity": "sha256-from-the-lock", **kept}],
        [here + "gin_teach-0.1.0-py3-none-any.whl",
         {"integrity": "sha256-from-the-lock", "cache": "reload"}],
        # Not the runtime's: fetch's own, untouched.
        [str(tmp_path.as_uri()) + "/extensions/pypi/all.json", None],
        # A file of the runtime asked with a query is still that file.
        [here + "pyodide-lock.json?v=1", {"integrity": hashes["pyodide-lock.json"], **kept}],
    ]
