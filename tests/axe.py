"""axe-core, the accessibility checker, for the browser tests: the npm registry's package at a
pinned version, unpacked once into the git-ignored ``.cache/`` folder (``make axe`` fetches
it ahead; the tests fetch it themselves when it is missing). The fetcher, ``npm_package``,
also brings the documentation site its widget scripts (docs/conf.py)."""

from __future__ import annotations

import shutil
import subprocess
import tarfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Any

AXE_VERSION = "4.10.3"
CACHE = Path(__file__).resolve().parent.parent / ".cache" / f"axe-core-{AXE_VERSION}"
SCRIPT = CACHE / "axe.min.js"

# Run axe on the elements ``selector`` picks and resolve to its violations, impact and all.
_RUN_AXE = """async (selector) => {
  const found = Array.from(document.querySelectorAll(selector));
  if (!found.length) { throw new Error('axe: nothing matches ' + selector); }
  const result = await axe.run({include: found}, {resultTypes: ['violations']});
  if (!result.passes.length) { throw new Error('axe: no rule applied to ' + selector); }
  return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                                        nodes: v.nodes.slice(0, 3).map((n) => n.html)}));
}"""


def npm_package(package: str, version: str, cache: Path, wanted: Callable[[str], bool]) -> Path:
    """The folder ``cache`` holding the files of the npm registry's ``package`` at ``version``
    whose paths inside the package (``dist/embed-amd.js``) ``wanted`` accepts: fetched with
    ``npm pack`` the first time, read from there afterwards (the registry is the one outside
    host a build may ask). A marker written last says the unpacking finished, so a fetch that
    was interrupted is done again rather than taken for whole."""
    done = cache / ".unpacked"
    if done.exists():
        return cache
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(f"npm is needed to fetch {package} (.ci/run installs it)")
    cache.mkdir(parents=True, exist_ok=True)
    packed = subprocess.run([npm, "pack", "--silent", f"{package}@{version}",
                             "--pack-destination", str(cache)],
                            capture_output=True, text=True, check=True).stdout.split()[-1]
    kept = 0
    try:
        with tarfile.open(cache / packed) as archive:
            for member in archive.getmembers():
                # Below the tarball's one top folder ("package" for most packages).
                parts = PurePosixPath(member.name).parts[1:]
                inside = PurePosixPath(*parts) if parts else PurePosixPath(".")
                if not member.isfile() or ".." in parts or not wanted(str(inside)):
                    continue
                unpacked = archive.extractfile(member)
                assert unpacked is not None  # a regular file always has its bytes
                (cache / inside).parent.mkdir(parents=True, exist_ok=True)
                (cache / inside).write_bytes(unpacked.read())
                kept += 1
    finally:
        (cache / packed).unlink()
    if not kept:
        raise RuntimeError(f"{package}@{version} has none of the files asked for")
    done.write_text(f"{package}@{version}\n", encoding="utf-8")
    return cache


def axe_script() -> Path:
    """The path of ``axe.min.js``, fetched with ``npm pack`` the first time."""
    if not SCRIPT.exists():
        npm_package("axe-core", AXE_VERSION, CACHE, lambda inside: inside == "axe.min.js")
    return SCRIPT


def violations(page: Any, selector: str) -> list[dict[str, Any]]:
    """axe's violations in the elements ``selector`` picks on ``page`` (an error when nothing
    matches or no rule applied, so a wrong selector cannot pass for a clean page)."""
    page.add_script_tag(path=str(axe_script()))
    found: list[dict[str, Any]] = page.evaluate(_RUN_AXE, selector)
    return found


if __name__ == "__main__":
    print(axe_script())
