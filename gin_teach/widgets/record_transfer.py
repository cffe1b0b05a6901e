"""Carry a learner's record elsewhere: *Export* writes it to a file in the notebook's folder
(for a teacher's class table, or to take to another machine or browser) and offers it as a
download; *Import* loads such a file as the learner's own record, keeping the record it
replaces beside it. The progress dashboard shows this box under its charts.

It works the same in JupyterLab and in the static site: the file is written where the
notebook is (in the static site, the browser's drive, shown in the file browser), the download
is a link holding the file itself, and the import reads the file the browser hands over.

>>> from gin_teach.learner.progress import ProgressStore
>>> box = RecordTransfer(ProgressStore.scratch())
>>> box.export()  # no name yet
>>> "Type your name" in box.message.value
True
"""

from __future__ import annotations

import base64
import html
import re
import tempfile
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from gin_teach.errors import GinError
from gin_teach.learner.classes import export_progress, import_progress
from gin_teach.learner.progress import ProgressStore, runs_in_browser

__all__ = ["RecordTransfer", "export_name"]


def export_name(name: str) -> str:
    """The file name an export of ``name``'s record takes: letters, digits and ``-`` kept,
    anything else (spaces, slashes) made ``_``.

    >>> export_name("Ada Lovelace"), export_name("../x")
    ('Ada_Lovelace_record.json', 'x_record.json')
    """
    stem = re.sub(r"[^\w-]+", "_", name.strip()).strip("_") or "my"
    return f"{stem[:60]}_record.json"


class RecordTransfer(widgets.VBox):
    """Export and import of the record in ``store``: a name field, *Export my record*, an
    *Import a record* upload button and a line saying what happened (``message``). The file
    goes to ``folder`` (by default the notebook's own).

    >>> import tempfile
    >>> from gin_teach.learner.progress import ProgressStore
    >>> box = RecordTransfer(ProgressStore.scratch(), folder=tempfile.mkdtemp())
    >>> box.name.value = "Ada"; box.export()
    >>> "Ada_record.json" in box.message.value
    True
    """

    def __init__(self, store: ProgressStore, folder: str | Path | None = None) -> None:
        super().__init__()
        self.store = store
        self.folder = Path(folder) if folder is not None else None
        self.name = widgets.Text(placeholder="your name", description="Your name:",
                                 layout=widgets.Layout(width="260px"))
        export = widgets.Button(description="Export my record", icon="download",
                                tooltip="write your record to a file, for your teacher or "
                                        "another computer")
        export.on_click(lambda _b: self.export())
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description="Import a record")
        self.upload.observe(self._uploaded, names="value")
        self.message = widgets.HTML()
        self.children = [widgets.HBox([self.name, export, self.upload],
                                      layout=widgets.Layout(flex_flow="row wrap")),
                         self.message]

    def export(self) -> None:
        """Write the record with the name typed, then offer the file as a download."""
        name = self.name.value.strip()
        if not name:
            self._say("Type your name first: your teacher's class table shows it.")
            return
        out = (self.folder or Path.cwd()) / export_name(name)
        try:
            written = export_progress(out, name, self.store.progress)
        except GinError as error:
            self._say(f"Your record was not exported: {error}.")
            return
        data = base64.b64encode(written.read_bytes()).decode("ascii")
        where = ("in the file browser on the left (kept in this browser)" if runs_in_browser()
                 else f"in {written.parent}")
        self.message.value = (
            f"Your record is saved as <b>{html.escape(written.name)}</b> {html.escape(where)}. "
            f'<a download="{html.escape(written.name)}" '
            f'href="data:application/json;base64,{data}">Download it</a> to keep a copy, hand '
            "it to your teacher, or import it in another browser or on another computer.")

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"]
        self.import_bytes(content.tobytes() if hasattr(content, "tobytes") else bytes(content),
                          str(item.get("name", "the file")))
        self.upload.value = ()  # the same file may be chosen again later

    def import_bytes(self, content: bytes, name: str = "the file") -> None:
        """Load ``content`` (an export file's bytes) as the record; say what happened."""
        with tempfile.TemporaryDirectory(prefix="gin-import-") as scratch:
            path = Path(scratch) / "import.json"
            path.write_bytes(content)
            self.import_file(path, name)

    def import_file(self, path: str | Path, name: str | None = None) -> None:
        """Load the export file at ``path`` as the record; say what happened."""
        try:
            said = import_progress(path, self.store)
        except GinError as error:
            shown = name or Path(path).name
            self._say(f"{shown} was not imported, and your record is unchanged: "
                      f"{str(error).replace('import.json', shown)}.")
            return
        self._say(said)

    def _say(self, words: str) -> None:
        self.message.value = html.escape(words)
