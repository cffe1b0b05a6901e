"""Start and stop a real JupyterLab server for end-to-end tests.

The server runs on a free loopback port with a random token, under this interpreter (so the
kernels it starts are this environment's Python), and with every Jupyter config, data, settings
and workspace directory (and the puzzle trainer's progress) pointed into a private temporary
folder, so a developer's own Jupyter set-up can neither break the test nor be changed by it.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType

# User settings written before the server starts. Autosave off: a test that runs a notebook of
# the repository must not write its outputs back into the file. Windowing off: in JupyterLab's
# default virtualised notebook, cells far below the viewport are not in the DOM, so their
# widgets could not be found. News off: its consent toast would sit over the screenshot.
_LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class JupyterLab:
    """A JupyterLab server serving ``root_dir``; use as a context manager.

    ``url(path)`` gives an address the browser can open (token included).
    """

    def __init__(self, root_dir: Path, state_dir: Path, *, startup_timeout: float = 90) -> None:
        self.root_dir = root_dir
        self.state_dir = state_dir
        self.startup_timeout = startup_timeout
        self.token = secrets.token_hex(16)
        self.port = free_port()
        self.log_path = state_dir / "jupyterlab.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return f"{self.base_url}/{path.lstrip('/')}?token={self.token}"

    def _environment(self) -> dict[str, str]:
        env = dict(os.environ)
        dirs = {
            "JUPYTER_CONFIG_DIR": "config",
            "JUPYTER_DATA_DIR": "data",
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
            "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
            "IPYTHONDIR": "ipython",
            # The puzzle trainer's progress file: a test must not move a person's own rating.
            "GIN_TEACH_HOME": "gin-teach",
        }
        for name, sub in dirs.items():
            path = self.state_dir / sub
            path.mkdir(parents=True, exist_ok=True)
            env[name] = str(path)
        # Kernel specs and extensions of this environment win over any found elsewhere.
        env["JUPYTER_PREFER_ENV_PATH"] = "1"
        env.pop("JUPYTER_PATH", None)
        env.pop("JUPYTER_CONFIG_PATH", None)
        return env

    def _write_settings(self) -> None:
        settings_dir = self.state_dir / "lab-settings"
        for relative, values in _LAB_SETTINGS.items():
            path = settings_dir / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values), encoding="utf-8")

    def start(self) -> None:
        self.state_dir.mkdir(parents=True, exist_ok=True)
        env = self._environment()
        self._write_settings()
        command = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root_dir}",
            # The test drives JupyterLab's own commands through window.jupyterapp.
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--ServerApp.terminals_enabled=False",
        ]
        if os.geteuid() == 0:
            # CI and these development machines run as root; the server refuses that by default.
            command.append("--ServerApp.allow_root=True")
        with self.log_path.open("wb") as log:
            # A session of its own, so teardown can signal the server and its kernels together.
            self.process = subprocess.Popen(
                command,
                cwd=self.root_dir,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self._wait_until_ready()

    def _wait_until_ready(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + self.startup_timeout
        status_url = self.url("api/status")
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"JupyterLab exited with code {self.process.returncode}:\n{self.log()}"
                )
            try:
                with urllib.request.urlopen(status_url, timeout=5) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.3)
        self.stop()
        raise RuntimeError(
            f"JupyterLab did not answer within {self.startup_timeout} s:\n{self.log()}"
        )

    def kernel_commands(self) -> list[list[str]]:
        """Command lines of the kernels this server has started (Linux /proc)."""
        assert self.process is not None
        commands = []
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                stat = (proc / "stat").read_text()
                cmdline = (proc / "cmdline").read_bytes()
            except OSError:
                continue
            # Field 4 of stat is the parent pid; the command name in field 2 may hold spaces.
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            argv = [part.decode() for part in cmdline.split(b"\0") if part]
            if parent == self.process.pid and "ipykernel_launcher" in argv:
                commands.append(argv)
        return commands

    def log(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")[-6000:]
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        process = self.process
        if process is None or process.poll() is not None:
            return
        # Ask politely first: the server then shuts its kernels down itself.
        try:
            request = urllib.request.Request(self.url("api/shutdown"), method="POST")
            urllib.request.urlopen(request, timeout=10).close()
            process.wait(timeout=20)
        except (urllib.error.URLError, ConnectionError, TimeoutError, subprocess.TimeoutExpired):
            pass
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)

    def __enter__(self) -> JupyterLab:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
