"""axe-core, the accessibility checker, for the browser tests: the npm registry's package at a
pinned version, unpacked once into the git-ignored ``.cache/`` folder (``make axe`` fetches
it ahead; the tests fetch it themselves when it is missing)."""

from __future__ import annotations

import shutil
import subprocess
import tarfile
from pathlib import Path
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


def axe_script() -> Path:
    """The path of ``axe.min.js``, fetched with ``npm pack`` the first time."""
    if SCRIPT.exists():
        return SCRIPT
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed to fetch axe-core (.ci/run installs it)")
    CACHE.mkdir(parents=True, exist_ok=True)
    packed = subprocess.run([npm, "pack", "--silent", f"axe-core@{AXE_VERSION}",
                             "--pack-destination", str(CACHE)],
                            capture_output=True, text=True, check=True).stdout.split()[-1]
    with tarfile.open(CACHE / packed) as archive:
        member = archive.extractfile("package/axe.min.js")
        assert member is not None
        SCRIPT.write_bytes(member.read())
    (CACHE / packed).unlink()
    return SCRIPT


def violations(page: Any, selector: str) -> list[dict[str, Any]]:
    """axe's violations in the elements ``selector`` picks on ``page`` (an error when nothing
    matches or no rule applied, so a wrong selector cannot pass for a clean page)."""
    page.add_script_tag(path=str(axe_script()))
    found: list[dict[str, Any]] = page.evaluate(_RUN_AXE, selector)
    return found


if __name__ == "__main__":
    print(axe_script())
