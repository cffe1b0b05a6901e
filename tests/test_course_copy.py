"""The ``gin-teach`` command: the course copied out of the package, edits never lost."""

from __future__ import annotations

import json
import re
import shutil
import urllib.parse
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gin_teach.errors import CourseError, GinError
from gin_teach.learner import course_copy
from gin_teach.learner.course_copy import (
    COURSE_SUFFIXES,
    RECORD_NAME,
    START,
    copy_course,
    course_folder,
    lab_command,
    main,
)

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"


def course_names() -> list[str]:
    return sorted(p.name for p in NOTEBOOKS.iterdir() if p.is_file())


def test_every_file_of_the_notebooks_folder_is_part_of_the_course() -> None:
    # The wheel's package data and the copy take these suffixes only: a new kind of file in
    # notebooks/ (an image, a data file) would be left out of both.
    assert all(Path(name).suffix in COURSE_SUFFIXES for name in course_names())
    assert "teachers.md" in course_names() and START in course_names()


def test_in_a_source_checkout_the_course_is_the_notebooks_folder() -> None:
    assert course_folder().resolve() == NOTEBOOKS


def test_a_fresh_copy_holds_every_lesson_byte_for_byte(tmp_path: Path) -> None:
    folder = tmp_path / "a" / "course"
    report = copy_course(folder)
    assert list(report.copied) == course_names()
    for name in course_names():
        assert (folder / name).read_bytes() == (NOTEBOOKS / name).read_bytes()
    assert "Copied" in str(report) and str(folder) in str(report)
    again = copy_course(folder)
    assert again.copied == again.updated == again.kept == ()
    assert list(again.unchanged) == course_names()


def test_an_edited_lesson_is_kept_and_reported(tmp_path: Path) -> None:
    copy_course(tmp_path)
    mine = b'{"cells": [], "mine": true}'
    (tmp_path / "02_melds.ipynb").write_bytes(mine)
    report = copy_course(tmp_path)
    assert report.kept == ("02_melds.ipynb",)
    assert (tmp_path / "02_melds.ipynb").read_bytes() == mine
    assert "02_melds.ipynb" in str(report) and "--force" in str(report)


def test_a_file_of_the_same_name_that_was_never_copied_is_kept(tmp_path: Path) -> None:
    (tmp_path / START).write_text("a notebook of my own")
    assert copy_course(tmp_path).kept == (START,)
    assert (tmp_path / START).read_text() == "a notebook of my own"


def test_force_moves_the_edited_copy_aside_before_replacing_it(tmp_path: Path) -> None:
    copy_course(tmp_path)
    (tmp_path / "02_melds.ipynb").write_text("first edit")
    assert copy_course(tmp_path, force=True).replaced == (
        ("02_melds.ipynb", "02_melds.edited.ipynb"),)
    (tmp_path / "02_melds.ipynb").write_text("second edit")
    assert copy_course(tmp_path, force=True).replaced == (
        ("02_melds.ipynb", "02_melds.edited-2.ipynb"),)
    assert (tmp_path / "02_melds.edited.ipynb").read_text() == "first edit"
    assert (tmp_path / "02_melds.edited-2.ipynb").read_text() == "second edit"
    assert (tmp_path / "02_melds.ipynb").read_bytes() == (NOTEBOOKS / "02_melds.ipynb").read_bytes()


def test_an_upgrade_updates_untouched_lessons_only(tmp_path: Path) -> None:
    old, new, folder = tmp_path / "old", tmp_path / "new", tmp_path / "course"
    shutil.copytree(NOTEBOOKS, old)
    shutil.copytree(NOTEBOOKS, new)
    copy_course(folder, source=old)
    (folder / "01_cards_and_deadwood.ipynb").write_text("my notes")
    for name in ("01_cards_and_deadwood.ipynb", "02_melds.ipynb"):
        (new / name).write_text(f"{name}, version 2")
    report = copy_course(folder, source=new)
    assert report.updated == ("02_melds.ipynb",)
    assert report.kept == ("01_cards_and_deadwood.ipynb",)
    assert (folder / "02_melds.ipynb").read_text() == "02_melds.ipynb, version 2"
    assert (folder / "01_cards_and_deadwood.ipynb").read_text() == "my notes"


def test_a_damaged_record_counts_every_differing_file_as_edited(tmp_path: Path) -> None:
    copy_course(tmp_path)
    (tmp_path / "02_melds.ipynb").write_text("mine")
    (tmp_path / RECORD_NAME).write_text("{not json")
    assert copy_course(tmp_path).kept == ("02_melds.ipynb",)
    assert json.loads((tmp_path / RECORD_NAME).read_text())["files"]  # written afresh


def test_a_folder_that_is_a_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "course"
    path.write_text("not a folder")
    with pytest.raises(CourseError, match="is a file, not a folder") as refused:
        copy_course(path)
    assert isinstance(refused.value, GinError) and isinstance(refused.value, ValueError)
    assert path.read_text() == "not a folder"
    with pytest.raises(CourseError, match="is a path, not 3"):
        copy_course(3)  # type: ignore[arg-type]


def test_no_temporary_file_is_left_behind(tmp_path: Path) -> None:
    copy_course(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*course_names(), RECORD_NAME])


# Whatever a learner writes, edits and package upgrades come in, no text the learner wrote
# is ever lost, and every lesson the learner did not touch matches the installed version.
_EDIT = st.tuples(st.just("edit"), st.sampled_from(["00_start_here.ipynb", "02_melds.ipynb"]),
                  st.text(min_size=1, max_size=8))
_UPGRADE = st.tuples(st.just("upgrade"), st.sampled_from(["00_start_here.ipynb",
                                                          "02_melds.ipynb"]),
                     st.text(min_size=1, max_size=8))
_COPY = st.tuples(st.just("copy"), st.booleans(), st.just(""))


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.one_of(_EDIT, _UPGRADE, _COPY), max_size=12))
def test_copies_never_lose_a_learners_edit(tmp_path_factory: pytest.TempPathFactory,
                                           steps: list[tuple[str, object, str]]) -> None:
    base = tmp_path_factory.mktemp("prop")
    source, folder = base / "source", base / "course"
    source.mkdir()
    for name in ("00_start_here.ipynb", "02_melds.ipynb", "teachers.md"):
        (source / name).write_text(f"{name} v0")
    copy_course(folder, source=source)
    written: set[str] = set()
    for kind, what, text in steps:
        if kind == "edit":
            assert isinstance(what, str)
            (folder / what).write_text(f"learner: {text}")
            written.add(f"learner: {text}")
        elif kind == "upgrade":
            assert isinstance(what, str)
            (source / what).write_text(f"{what} {text}")
        else:
            present = {p.read_text() for p in folder.iterdir() if p.name != RECORD_NAME}
            report = copy_course(folder, force=bool(what), source=source)
            after = {p.read_text() for p in folder.iterdir() if p.name != RECORD_NAME}
            assert (present & written) <= after, "a learner's text was lost"
            for name in report.copied + report.updated + report.unchanged:
                assert (folder / name).read_text() == (source / name).read_text()
            if what:
                assert not report.kept


def test_the_command_copies_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    assert main(["copy", str(tmp_path / "c")]) == 0
    assert "Copied" in capsys.readouterr().out
    (tmp_path / "c" / START).write_text("mine")
    assert main(["copy", str(tmp_path / "c")]) == 0
    assert f"Kept 1 file you changed: {START}" in capsys.readouterr().out
    assert main(["copy", str(tmp_path / "c"), "--force"]) == 0
    assert (tmp_path / "c" / "00_start_here.edited.ipynb").read_text() == "mine"


def test_the_command_refuses_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["copy", str(tmp_path), "--port", "9"])
    assert exited.value.code == 2
    assert "unrecognized arguments: --port 9" in capsys.readouterr().err
    (tmp_path / "file").write_text("x")
    assert main(["copy", str(tmp_path / "file")]) == 1
    assert "is a file, not a folder" in capsys.readouterr().err
    assert main([]) == 2


def test_lab_opens_jupyterlab_on_the_first_lesson_in_the_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[tuple[str, list[str], str]] = []

    def exec_instead(program: str, argv: list[str]) -> None:
        started.append((program, argv, str(Path.cwd())))
        raise SystemExit(0)

    monkeypatch.setattr(course_copy.os, "execv", exec_instead)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit):
        main(["lab", "course", "--no-browser", "--port", "8899"])
    ((program, argv, cwd),) = started
    assert argv == lab_command(tmp_path / "course", ["--no-browser", "--port", "8899"])
    assert program == argv[0] and argv[1:3] == ["-m", "jupyterlab"] and argv[-1] == START
    assert cwd == str(tmp_path / "course") and (tmp_path / "course" / START).is_file()


def test_lab_without_jupyterlab_says_how_to_install_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(course_copy.importlib.util, "find_spec", lambda name: None)
    assert main(["lab", str(tmp_path)]) == 1
    assert "gin_teach[notebooks]" in capsys.readouterr().err
    assert (tmp_path / START).is_file()  # the copy is made all the same


def test_the_readme_gives_a_hub_link_that_pulls_this_repository_and_opens_lesson_0() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "gin-teach lab" in readme and "make lab" in readme
    badge = re.search(r"mybinder\.org/v2/gh/([^/]+/[^/]+)/", readme)
    links = re.findall(r"https://HUB/hub/user-redirect/git-pull\?\S+", readme)
    assert badge and len(links) == 1, links
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(links[0]).query)
    repository = query["repo"][0]
    assert repository == f"https://github.com/{badge.group(1)}"
    # nbgitpuller clones into a folder named after the repository (or targetPath).
    folder = query.get("targetPath", [repository.rsplit("/", 1)[1]])[0]
    opened = query["urlpath"][0]
    assert opened == f"lab/tree/{folder}/notebooks/{START}" and (NOTEBOOKS / START).is_file()


def test_a_source_name_no_system_takes_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(CourseError, match=r"cannot read the course from .*embedded null byte"):
        copy_course(tmp_path / "course", source="\x00")
    assert not (tmp_path / "course").exists()
