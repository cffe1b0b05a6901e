"""Build the course as a static JupyterLite site: ``python binder/lite/build.py OUTPUT``.

The site runs every lesson in the browser (the Pyodide kernel) and asks nothing of any host but
the one serving it:

- the Pyodide runtime is the npm registry's ``pyodide`` package, at the version the kernel pins;
- its lock file is cut down to the packages the kernel boots with, whose pure-Python wheels come
  from the Python package index at the lock's versions (their hashes rewritten to match);
- gin_teach, ipywidgets and comm are added to that lock and loaded as Pyodide starts, so a lesson
  runs as stored, with no install cell;
- so is everything the kernel itself needs (micropip, piplite, the kernel's own package and its
  ipykernel stand-in, IPython, jedi): Pyodide fetches and unpacks the lot in one parallel batch
  as it starts, instead of the kernel installing them one after the other with piplite, which
  resolves each against the package indexes again (the start takes seconds less:
  benchmarks/lite_start.py);
- every wheel the lock serves, and the standard library's zip, is compiled ahead: the site's
  own Pyodide, run by Node, puts an unchecked-hash ``.pyc`` (PEP 552) beside each module, so
  the browser's Python does not compile IPython, jedi, the course and the standard library from
  source at every start (seconds less again);
- the standard library's zip gets binder/lite/sitecustomize.py, which makes an import look in
  the installed modules before the learner's folder: that folder is the browser's drive, where
  each look-up is a round trip to the page (seconds of the start, before);
- the kernel loads Pyodide through binder/lite/cached-pyodide.mjs, which names every file of
  the runtime by its hash and takes it from the browser's cache without asking the host again:
  a static host's answer "not modified" on a later visit made Chromium compile
  pyodide.asm.wasm afresh (1.5 s of a second visit, benchmarks/lite_start.py);
- the front-end extensions (the kernel, ipywidgets, ipycanvas) are the ones installed in this
  environment, so their versions are the project's pins.

The build always starts from nothing: an incremental JupyterLite build once dropped the local
Pyodide address and sent the kernel to a CDN. Needs ``npm`` on the PATH and the tools of
binder/lite/requirements.txt in this Python environment.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from importlib.metadata import version
from pathlib import Path

from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION, PYODIDE_VERSION

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

# What the kernel needs from Pyodide's own lock to boot (micropip, ipython, jedi); the lock keeps
# these and everything they depend on, nothing else.
BOOT_PACKAGES = ("micropip", "ipython", "jedi")
# The kernel's own wheels, shipped in its extension's pypi/ folder, with what each requires:
# added to the lock so that Pyodide loads them as it starts.
KERNEL_WHEELS = {
    "piplite": (),
    "pyodide-kernel": ("comm", "ipython"),
    "ipykernel": ("pyodide-kernel",),  # a stand-in that only requires the kernel package
}
# Loaded as Pyodide starts, from wheels added to the lock: the course, what its widgets
# import, and the spaced-review scheduler of the progress store (fsrs, which needs
# typing_extensions). ipycanvas is not among them: it imports numpy and PIL, whose Pyodide
# builds exist only on the Pyodide CDN.
# Not filelock, though gin_teach requires it: the progress lock is never taken in a browser
# (progress.runs_in_browser), so its import never runs there, and nothing in the browser checks
# a package's requirements (Pyodide loads what the lock lists). Shipped, it cost 0.7 MB of a
# first visit and 146 files unpacked at every start (2 MB of modules for locks on disks,
# SQLite and Windows).
PRELOADED = ("comm", "ipywidgets", "typing_extensions", "fsrs", "gin_teach")
# Every package Pyodide loads as it starts (loadPyodideOptions.packages). The kernel installs
# with piplite only what this list lacks of micropip, piplite, ipykernel, comm, pyodide-kernel,
# jedi and ipython, so naming them all here leaves it nothing to install.
STARTUP = (*BOOT_PACKAGES, *KERNEL_WHEELS, *PRELOADED)
# Front-end extensions the site serves, from this environment's share/jupyter/labextensions.
EXTENSIONS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "ipycanvas",
)
# Parts of the pyodide npm package a browser never asks for.
PYODIDE_SKIP = (".map", ".d.ts", ".html", "README.md", "package.json", "pyodide.js")


def run(command: list[str], cwd: Path | None = None) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, check=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_pyodide(work: Path, dest: Path) -> dict[str, object]:
    """Unpack the npm package ``pyodide`` into ``dest``; return its lock, as parsed."""
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("npm is not on the PATH: install Node.js and npm (Debian: apt-get install npm)")
    run([npm, "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], cwd=work)
    dest.mkdir(parents=True)
    with tarfile.open(work / f"pyodide-{PYODIDE_VERSION}.tgz") as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if not member.isfile() or name.endswith(PYODIDE_SKIP):
                continue
            source = archive.extractfile(member)
            assert source is not None
            (dest / name).write_bytes(source.read())
    lock: dict[str, object] = json.loads((dest / "pyodide-lock.json").read_text())
    return lock


def canonical(name: str) -> str:
    """A project name as the package index compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def closure(packages: dict[str, dict[str, object]], roots: tuple[str, ...]) -> list[str]:
    """``roots`` and every package they depend on in the lock, in a stable order."""
    by_name = {canonical(key): key for key in packages}
    seen: list[str] = []
    todo = list(roots)
    while todo:
        name = by_name[canonical(todo.pop())]
        if name in seen:
            continue
        seen.append(name)
        depends = packages[name]["depends"]
        assert isinstance(depends, list)
        todo.extend(depends)
    return sorted(seen)


def download_wheels(requirements: list[str], dest: Path) -> None:
    """Pure-Python wheels for the browser's Python, without their dependencies."""
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
         "--only-binary=:all:", "--implementation", "py", "--abi", "none", "--platform", "any",
         "--python-version", PYODIDE_PYTHON_VERSION, "--dest", str(dest), *requirements])


def wheel_of(folder: Path, name: str) -> Path:
    found = [w for w in folder.glob("*.whl") if canonical(w.name.split("-")[0]) == canonical(name)]
    if len(found) != 1:
        sys.exit(f"expected one wheel of {name} in {folder}, found {[w.name for w in found]}")
    return found[0]


def kernel_pypi() -> Path:
    """The kernel extension's folder of wheels (piplite, pyodide-kernel, ipykernel)."""
    return (Path(sys.prefix) / "share" / "jupyter" / "labextensions"
            / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi")


# Run by Node in the site's own Pyodide: compile every module of every wheel in the mounted
# folder, adding __pycache__/NAME.cpython-3XX.pyc beside it (checked by hash never, since the
# site's files never change), with the path the module will have in the browser's
# site-packages, so that tracebacks still show its source lines.
_COMPILE_PY = """
import os, py_compile, shutil, sysconfig, tempfile, zipfile
from importlib.util import cache_from_source
site = sysconfig.get_path("purelib")
for name in sorted(os.listdir("/wheels")):
    if not name.endswith(".whl"):
        continue
    work = tempfile.mkdtemp()
    with zipfile.ZipFile("/wheels/" + name) as wheel:
        wheel.extractall(work)
        members = wheel.namelist()
    compiled = []
    for member in members:
        if member.endswith(".py"):
            source = os.path.join(work, member)
            try:
                py_compile.compile(
                    source, cfile=cache_from_source(source), dfile=f"{site}/{member}",
                    doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            except py_compile.PyCompileError:
                continue  # a file that is not Python 3 (a template, a test fixture)
            compiled.append(os.path.relpath(cache_from_source(source), work))
    with zipfile.ZipFile("/wheels/" + name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for member in members + compiled:
            wheel.write(os.path.join(work, member), member)
    shutil.rmtree(work)
    print(f"compiled {len(compiled):4} modules of {name}")
"""
# The standard library comes as a zip of sources only (python_stdlib.zip, 614 modules): every
# start compiled the 130-odd that booting the kernel imports, near 2 s of the browser's time.
# Beside each source goes its compiled module (NAME.pyc, which zipimport takes before the
# source, unchecked against it), named with the path the browser's Python imports it from, so
# tracebacks still show the source lines kept in the zip.
_COMPILE_STDLIB_PY = """
import marshal, os, sys, zipfile
from importlib.util import MAGIC_NUMBER
source_zip = "/runtime/python_stdlib.zip"
inside = next(p for p in sys.path if p.endswith(".zip"))  # /lib/python3XX.zip
with zipfile.ZipFile(source_zip) as stdlib:
    members = [(info, stdlib.read(info)) for info in stdlib.infolist()]
compiled = 0
with zipfile.ZipFile(source_zip + ".new", "w", zipfile.ZIP_DEFLATED) as out:
    for info, data in members:
        out.writestr(info, data)
        if not info.filename.endswith(".py"):
            continue
        try:
            code = compile(data, f"{inside}/{info.filename}", "exec", dont_inherit=True)
        except SyntaxError:
            continue  # a file kept as data (a test fixture, a template)
        # PEP 552 header: flags 0b01, hash-based and never checked; the hash field unused.
        pyc = MAGIC_NUMBER + (1).to_bytes(4, "little") + bytes(8) + marshal.dumps(code)
        out.writestr(zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time), pyc,
                     zipfile.ZIP_DEFLATED)
        compiled += 1
os.replace(source_zip + ".new", source_zip)
print(f"compiled {compiled:4} modules of the standard library")
"""
_COMPILE_JS = """
const [runtime, wheels, code] = process.argv.slice(1);
const { loadPyodide } = await import(`${runtime}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${runtime}/` });
for (const [folder, root] of [["/wheels", wheels], ["/runtime", runtime]]) {
  pyodide.FS.mkdirTree(folder);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, folder);
}
await pyodide.runPythonAsync(code);
"""


def precompile(runtime: Path, wheels: Path) -> None:
    """Add compiled modules to every wheel in ``wheels`` and to the standard library's zip in
    ``runtime``, compiled by that Pyodide runtime (its Python version and bytecode are the
    browser's)."""
    node = shutil.which("node")
    if node is None:
        sys.exit("node is not on the PATH: install Node.js and npm (Debian: apt-get install npm)")
    subprocess.run([node, "--input-type=module", "-e", _COMPILE_JS, str(runtime.resolve()),
                    str(wheels.resolve()), _COMPILE_PY + _COMPILE_STDLIB_PY], check=True)


def add_sitecustomize(pyodide: Path) -> None:
    """Put binder/lite/sitecustomize.py in the standard library's zip, where the browser's
    Python imports it as it starts (imports stop asking the drive first for every module)."""
    with zipfile.ZipFile(pyodide / "python_stdlib.zip", "a", zipfile.ZIP_DEFLATED) as stdlib:
        if "sitecustomize.py" in stdlib.namelist():
            sys.exit("the Pyodide runtime has a sitecustomize.py of its own: merge the two")
        stdlib.write(HERE / "sitecustomize.py", "sitecustomize.py")


def make_lock(lock: dict[str, object], pyodide: Path, work: Path) -> None:
    """Keep the boot packages, served from wheels next to the lock; add the kernel's own
    wheels and the preloaded ones."""
    packages = lock["packages"]
    assert isinstance(packages, dict)
    keep = closure(packages, BOOT_PACKAGES)
    wheels = work / "wheels"
    download_wheels([f"{name}=={packages[name]['version']}" for name in keep], wheels)
    booted = {canonical(name) for name in keep}  # a preloaded package the boot has already
    preloaded = [name for name in PRELOADED if canonical(name) not in booted]
    download_wheels([f"{name}=={version(name)}" for name in preloaded if name != "gin_teach"],
                    wheels)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
         str(wheels), str(REPO)])
    for name in KERNEL_WHEELS:
        shutil.copy2(wheel_of(kernel_pypi(), name), wheels)
    add_sitecustomize(pyodide)
    precompile(pyodide, wheels)

    kept = {}
    for name in keep:
        entry = dict(packages[name])
        wheel = wheel_of(wheels, name)
        entry.update(file_name=wheel.name, sha256=sha256(wheel), unvendored_tests=False)
        kept[name] = entry
    added = {**{name: list(depends) for name, depends in KERNEL_WHEELS.items()},
             # these need nothing the kernel and each other do not load anyway.
             **{name: [] for name in preloaded}}
    for name, depends in added.items():
        wheel = wheel_of(wheels, name)
        # Pyodide looks packages up by their canonical names ("gin-teach").
        kept[canonical(name)] = {
            "name": canonical(name), "version": wheel.name.split("-")[1], "file_name": wheel.name,
            "install_dir": "site", "sha256": sha256(wheel), "package_type": "package",
            "imports": [name.replace("-", "_")], "unvendored_tests": False,
            "depends": depends,
        }
    for name in kept:
        shutil.copy2(wheel_of(wheels, name), pyodide)
    lock["packages"] = kept
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    print(f"pyodide lock: {len(kept)} packages: {', '.join(sorted(kept))}")


CACHED_ENTRY = "cached-pyodide.mjs"
_FILES_MARK = "/* FILES */ {}"


def subresource_integrity(path: Path) -> str:
    """The file's SHA-256 as a browser checks a fetch's ``integrity`` (base64, not hex)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def write_cached_entry(pyodide: Path) -> Path:
    """Put binder/lite/cached-pyodide.mjs in ``pyodide`` (the site's runtime folder), naming
    every file there that the runtime fetches (all but its JavaScript modules, which it
    imports) by its hash; return the module's path."""
    source = (HERE / CACHED_ENTRY).read_text(encoding="utf-8")
    if source.count(_FILES_MARK) != 1:
        sys.exit(f"{CACHED_ENTRY} must hold {_FILES_MARK!r} once, where the hashes go")
    files = {path.name: subresource_integrity(path) for path in sorted(pyodide.iterdir())
             if path.is_file() and path.suffix != ".mjs"}
    entry = pyodide / CACHED_ENTRY
    entry.write_text(source.replace(_FILES_MARK, json.dumps(files, indent=1)), encoding="utf-8")
    return entry


def point_kernel_at(output: Path, entry: Path) -> None:
    """Make the built site's kernel load Pyodide through ``entry`` (a module beside
    pyodide.mjs, whose folder stays the runtime's: the kernel takes it from this address)."""
    config_path = output / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if Path(kernel["pyodideUrl"]).parent != entry.parent.relative_to(output):
        sys.exit(f"the kernel's Pyodide is at {kernel['pyodideUrl']}, not in {entry.parent}")
    kernel["pyodideUrl"] = f"./{entry.relative_to(output).as_posix()}"
    config_path.write_text(json.dumps(config, indent=2), encoding="utf-8")


def write_config(lite: Path) -> None:
    config = json.loads((HERE / "jupyter-lite.json").read_text())
    data = config["jupyter-config-data"]
    kernel = data["litePluginSettings"][KERNEL_PLUGIN]
    kernel["loadPyodideOptions"] = {"packages": [canonical(name) for name in STARTUP]}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    shutil.copy2(HERE / "overrides.json", lite / "overrides.json")


def build(output: Path) -> None:
    started = time.monotonic()
    if output.exists():
        shutil.rmtree(output)
    with tempfile.TemporaryDirectory(prefix="gin-lite-") as scratch:
        work = Path(scratch)
        lite = work / "lite"
        pyodide = lite / "static" / "pyodide"
        lite.mkdir()
        lock = fetch_pyodide(work, pyodide)
        make_lock(lock, pyodide, work)
        write_config(lite)
        labextensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
        extensions = [f"--LiteBuildConfig.federated_extensions={labextensions / name}"
                      for name in EXTENSIONS]
        run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
             "--output-dir", str(output.resolve()), "--apps", "lab",
             "--no-unused-shared-packages", "--no-sourcemaps", "--ignore-sys-prefix",
             *extensions, "--contents", str(REPO / "notebooks")], cwd=lite)
    point_kernel_at(output, write_cached_entry(output / "static" / "pyodide"))
    # The lab page names no icon, so a browser asks for /favicon.ico at the host's root, and
    # a site served there (make lite-serve) answered it with a missing page in the console.
    shutil.copy2(output / "lab" / "favicon.ico", output / "favicon.ico")
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    print(f"site built in {output} ({size / 1e6:.0f} MB) in {time.monotonic() - started:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("output", type=Path, help="the folder to (re)build the site in")
    build(parser.parse_args().output)


if __name__ == "__main__":
    main()
