"""The JupyterLite set-up as files, checked without building: the pins match this environment,
the settings keep the kernel off the package index, and the local server sends the MIME types a
browser insists on. tests/test_lite.py builds and runs the site itself."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import time
import urllib.request
from importlib.metadata import version
from pathlib import Path
from typing import Any

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
