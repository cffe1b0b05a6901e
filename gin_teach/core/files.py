"""Files read and written safely: a regular file of bounded size read without waiting on a
pipe or a device, and a file written whole or not at all (a crash never leaves half a save).

>>> import pathlib, tempfile
>>> from gin_teach.errors import ArgumentError
>>> target = pathlib.Path(tempfile.mkdtemp()) / "notes.txt"
>>> write_atomically(target, "kept")
>>> read_regular_file(target, most=100, what="note", error=ArgumentError)
b'kept'
"""

from __future__ import annotations

import os
import stat
from typing import Final

from gin_teach.core.validation import wrong_argument
from gin_teach.errors import GinError, excerpt

__all__ = ["LONGEST_FILE_NAME", "read_regular_file", "write_atomically"]


def read_regular_file(path: str | os.PathLike[str], *, most: int, what: str,
                      error: type[GinError]) -> bytes:
    """The bytes of the file at ``path`` if it is a regular file of at most ``most`` bytes
    (a link is followed); a folder, a pipe, a device (``/dev/zero`` has no end), a file too
    large or one that cannot be read raises ``error`` naming ``what``. Opening never waits on
    a pipe nobody writes to, and at most ``most + 1`` bytes are read whatever the size says.

    >>> import tempfile
    >>> from gin_teach.errors import ArgumentError
    >>> read_regular_file(tempfile.mkdtemp(), most=10, what="lesson", error=ArgumentError)
    Traceback (most recent call last):
    ...
    gin_teach.errors.ArgumentError: the lesson ... is not a regular file (a folder, a pipe or ...
    """
    if not isinstance(path, (str, os.PathLike)):
        raise wrong_argument("path", path, "a file name")
    if isinstance(most, bool) or not isinstance(most, int) or not 0 <= most < 2**48:
        raise wrong_argument("most", most, "a whole number of bytes")
    if not (isinstance(error, type) and issubclass(error, GinError)):
        raise wrong_argument("error", error, "a GinError class")
    if not isinstance(what, str):
        raise wrong_argument("what", what, "text naming the file's kind")
    shown = excerpt(os.fspath(path))
    if "\x00" in str(os.fspath(path)):
        raise error(f"the {what} {shown} is no file name (a NUL byte)")
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        raise error(f"the {what} {shown} is not a regular file (a folder, a pipe or a "
                    "device)") from None
    except OSError as problem:
        raise error(f"the {what} {shown} cannot be read: {problem.strerror or problem}") \
            from None
    if not stat.S_ISREG(os.fstat(handle).st_mode):
        os.close(handle)
        raise error(f"the {what} {shown} is not a regular file (a folder, a pipe or a "
                    "device)")
    with os.fdopen(handle, "rb") as stream:
        try:
            data = stream.read(most + 1)
        except OSError as problem:
            raise error(f"the {what} {shown} cannot be read: "
                        f"{problem.strerror or problem}") from None
    if len(data) > most:
        raise error(f"the {what} {shown} is larger than {most:,} bytes")
    return data


#: The longest file name (in bytes) the common file systems take; the temporary file beside
#: it adds a few characters, within the same limit's margin of most systems.
LONGEST_FILE_NAME: Final = 200


def write_atomically(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` to ``path`` so that the file is either as it was or whole: the bytes go
    to a temporary file beside it, reach the disk, and only then take the name (a reader or a
    crash in between never sees half a file). An error leaves no temporary file behind.

    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "record.json"
    >>> write_atomically(target, '{"format": 1}'); target.read_text()
    '{"format": 1}'
    >>> [p.name for p in target.parent.iterdir()]
    ['record.json']
    """
    import tempfile
    from pathlib import Path

    if not isinstance(path, (str, os.PathLike)) or not str(path) or "\0" in str(path):
        raise wrong_argument("path", path, "the path of a file")
    if not isinstance(data, (str, bytes)):
        raise wrong_argument("data", data, "the text or bytes to write")
    target = Path(path)
    if any(len(part.encode("utf-8", "surrogateescape")) > LONGEST_FILE_NAME
           for part in target.parts):
        raise wrong_argument("path", path, f"names of at most {LONGEST_FILE_NAME} bytes")
    if target.name in ("", ".", "..") or target.is_dir():
        raise wrong_argument("path", path, "the path of a file, not a folder")
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data.encode("utf-8") if isinstance(data, str) else data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
