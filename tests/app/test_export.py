"""Exporting a lesson: the HTML page and the PNG strip (``cardtable export``), File > Export…,
and the page opened offline in a real browser (headless Chromium) where one is installed."""

from __future__ import annotations

import base64
import itertools
import json
import re
import shutil
import subprocess
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QFileDialog, QProgressDialog

import app.cli.export_command
import app.export.page
import app.widgets.export_dialog
from app.cli.commands import main
from app.export.images import Camera
from app.export.lesson import Lesson, Timeline
from app.export.page import lesson_page
from app.widgets import message_boxes
from app.widgets.export_dialog import BY_PHASE, EVERY_STEP, export_dialog
from app.widgets.inspector import rule_summaries
from app.widgets.main_window import MainWindow
from engine.assets import SCENARIOS
from engine.branches import MAIN
from engine.compare import differences
from engine.scenario import load_scenario, play_branch, run_scenario
from engine.step_names import branch_names
from engine.timeline import Step
from tests.support.lesson_texts import BRANCH, LESSON

M8 = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"


def timelines() -> list[tuple[str, list[Step]]]:
    """M8's timelines as the page shows them: (id prefix, steps), the file's script first."""
    scenario, source = load_scenario(M8)
    return [("", play_branch(scenario, source, MAIN).game.steps)] + [
        (f"b{n}-", play_branch(scenario, source, b.name).game.steps)
        for n, b in enumerate(scenario.branches, 1)
    ]


def all_ids() -> list[str]:
    return [f"{prefix}step-{step.index}" for prefix, steps in timelines() for step in steps]


def shared_ids() -> list[str]:
    """The ids of the steps M8's branch shares with main: it plays the same combat with the
    other order, so its set-up and the combat's declaration are main's steps, whose tables the
    page shows once, in main."""
    (_, main), (_, branch) = timelines()
    assert branch[:2] == main[:2] and branch[2] != main[2]
    return ["b1-step-0", "b1-step-1"]


def drawn_ids() -> list[str]:
    return [id for id in all_ids() if id not in shared_ids()]


CHROMIUM = shutil.which("chromium")
NO_CHROMIUM = "no chromium on PATH (Debian: apt-get install chromium; .ci/run installs it)"


class Tags(HTMLParser):
    """Every start tag of a page, with its attributes."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {name: value or "" for name, value in attrs}))

    def all(self, tag: str, css_class: str | None = None) -> list[dict[str, str]]:
        return [
            attrs
            for name, attrs in self.tags
            if name == tag and (css_class is None or css_class in attrs.get("class", "").split())
        ]


def export(tmp_path: Path, name: str, *options: str) -> Path:
    output = tmp_path / name
    assert main(["export", str(M8), "-o", str(output), *options]) == 0
    return output


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return export(tmp_path_factory.mktemp("page"), "lesson.html")


def test_the_page_has_every_step_with_its_table_rules_and_changes(page_file: Path) -> None:
    run = run_scenario(M8)
    page = page_file.read_text(encoding="utf-8")
    tags = Tags(page)
    ids = all_ids()  # the file's script, then its branch
    assert [s["id"] for s in tags.all("section", "step")] == ids
    links = [
        a["href"]
        for a in tags.all("a")
        if not a["href"].startswith("#panel-") and a.get("class") != "why"
    ]
    mains = sum(1 for id in ids if id.startswith("step-"))
    # the branch tab's comparison, before its contents: where it departs, each side's end
    compared = [links.pop(mains) for _ in range(3)]
    assert compared == ["#b1-step-2", f"#{ids[mains - 1]}", f"#{ids[-1]}"]
    assert links == [f"#{id}" for id in ids]  # the contents (the tabs' names link their panels)
    images = tags.all("img")
    assert len(images) == len(drawn_ids()) < len(ids)  # the branch's first steps are main's
    shared = [s for s in tags.all("section", "step") if s["id"] in shared_ids()]
    assert len(shared) == 2
    assert page.count("which shows its table and rules: it departs at step 2.") == 2
    for image in images:
        data = image["src"].removeprefix("data:image/png;base64,")
        decoded = QImage.fromData(base64.b64decode(data), "PNG")
        assert (decoded.width(), decoded.height()) == (int(image["width"]), int(image["height"]))
    assert escape(run.scenario.title) in page
    assert escape(" ".join(run.scenario.description.split())) in page
    for step in run.steps:
        for rule in step.rules:
            assert escape(rule_summaries()[rule]["summary"]) in page
        for change in step.changes:
            assert escape(change.describe()) in page


def test_the_page_loads_nothing(page_file: Path) -> None:
    tags = Tags(page_file.read_text(encoding="utf-8"))
    assert not tags.all("script") and not tags.all("link") and not tags.all("iframe")
    for _, attrs in tags.tags:
        assert attrs.get("src", "data:image/png;base64,").startswith("data:image/png;base64,")
        assert attrs.get("href", "#").startswith("#")
    assert "url(" not in page_file.read_text(encoding="utf-8")


def test_a_step_image_outlines_the_cards_the_step_changed() -> None:
    steps = run_scenario(M8).steps
    step = next(step for step in steps if step.changed_cards() and step.index > 0)
    camera = Camera(steps, (480, 320))
    camera.step(step)
    items = camera.scene.items_by_uid
    outlined = {uid for uid, item in items.items() if item.outline}
    assert outlined == step.changed_cards() & items.keys()
    assert len(outlined) >= 2  # an attacker and its target
    assert camera.scene.deltas  # and what the step did, written on them


def test_by_phase_has_a_section_per_phase(tmp_path: Path) -> None:
    phases = [
        key for _, steps in timelines() for key, _ in itertools.groupby(s.phase[:2] for s in steps)
    ]
    assert len(phases) > 2
    tags = Tags(export(tmp_path, "phases.html", "--by", "phase").read_text(encoding="utf-8"))
    assert len(tags.all("section", "phase")) == len(phases)
    shared = 1  # the branch's set-up phase is main's, shown there
    assert len(tags.all("img")) == len(phases) - shared
    assert [li["id"] for li in tags.all("li") if "id" in li] == all_ids()


def test_the_strip_grows_with_the_steps(tmp_path: Path) -> None:
    one = QImage(str(export(tmp_path, "one.png", "--png-strip", "--steps", "2")))
    three = QImage(str(export(tmp_path, "three.png", "--png-strip", "--steps", "2,4,16")))
    assert one.width() > 300 and one.height() > 200
    assert three.width() > 2.5 * one.width()
    assert abs(three.height() - one.height()) < one.height() / 4


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            ["--png-strip", "--steps", "2,99"],
            "{file}: --steps 2,99: step 99 is out of range 0..{last}",
        ),
        (["--png-strip", "--steps", "2,x"], "{file}: --steps 2,x: 'x' is not a step number"),
        (["--png-strip"], "--png-strip needs --steps"),
        (["--steps", "2"], "--steps goes with --png-strip"),
        (["--size", "12"], "--size 12: expected WIDTHxHEIGHT"),
    ],
)
def test_bad_options_are_one_line_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], said: str
) -> None:
    output = tmp_path / "out"
    assert main(["export", str(M8), "-o", str(output), *options]) == 2
    error = capsys.readouterr().err
    last = run_scenario(M8).steps[-1].index
    assert error.count("\n") == 1 and said.format(file=M8, last=last) in error
    assert not output.exists()


def test_bad_files_are_one_line_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: might\ntitle: [unclosed\n", encoding="utf-8")
    for bad in (broken, tmp_path / "missing.yaml"):
        assert main(["export", str(bad), "-o", str(tmp_path / "out.html")]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and str(bad) in error
    unwritable = tmp_path / "no-such-folder" / "out.html"
    assert main(["export", str(M8), "--png-strip", "--steps", "0", "-o", str(unwritable)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"cannot write {unwritable}" in error


def test_a_page_of_more_steps_than_it_may_show_is_refused_before_any_is_drawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A script of 20,000 steps made a page of 130 MB in a minute: too many to read."""
    scenario, source = load_scenario(M8)
    shown = sum(len(play_branch(scenario, source, b).game.steps) for b in branch_names(scenario))
    monkeypatch.setattr(app.export.page, "MAX_PAGE_STEPS", shown - 1)
    monkeypatch.setattr(app.cli.export_command, "lesson_page", None)  # not reached
    output = tmp_path / "out.html"
    assert main(["export", str(M8), "-o", str(output)]) == 2
    assert capsys.readouterr().err == (
        f"error: {M8}: its timelines hold {shown} steps, more than the {shown - 1} a lesson "
        "page shows: export chosen steps with --png-strip\n"
    )
    assert not output.exists()


def test_file_export_of_more_steps_than_a_page_shows_is_refused_before_asking_for_a_file(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """File > Export applies the page's limit as ``cardtable export`` does (one check), counting
    the open timelines, and names the PNG strip instead; a page at the limit is still made."""
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.open_path(M8)
    shown = sum(len(window.session.branch_play(name).game.steps) for name in window.session.parents)
    asked: list[str] = []
    warned: list[str] = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a: (asked.append(a[2]), ("", ""))[1])
    )
    monkeypatch.setattr(message_boxes, "warning", lambda parent, title, text: warned.append(text))
    monkeypatch.setattr(app.export.page, "MAX_PAGE_STEPS", shown)
    export_dialog(window)
    assert len(asked) == 1 and not warned  # at the limit: a file is asked for
    monkeypatch.setattr(app.export.page, "MAX_PAGE_STEPS", shown - 1)
    monkeypatch.setattr(app.widgets.export_dialog, "lesson_page", None)  # not reached
    export_dialog(window)
    assert len(asked) == 1
    assert warned == [
        f"{M8.name}: its timelines hold {shown} steps, more than the {shown - 1} a lesson page "
        "shows.\n\nA PNG strip shows chosen steps of it (the file as saved), from the command "
        f"line:\n\ncardtable export {M8} --png-strip --steps 3,5,9"
    ]


def test_file_export_writes_the_open_timeline(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.open_path(M8)
    answers = [str(tmp_path / "lesson"), str(tmp_path / "missing" / "x.html")]

    def save_name(parent: Any, caption: str, start: str, types: str) -> tuple[str, str]:
        assert start.endswith("M8-prevention-and-doubling-orders.html")
        return answers.pop(0), BY_PHASE

    shown: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_name))
    monkeypatch.setattr(message_boxes, "critical", lambda *a: shown.append(a[2]))
    export_action = next(
        action
        for action in window.menuBar().actions()[0].menu().actions()
        if action.text() == "&Export…"
    )
    export_action.trigger()
    page = (tmp_path / "lesson.html").read_text(encoding="utf-8")
    phases = [
        key
        for name in window.session.parents
        for key, _ in itertools.groupby(
            step.phase[:2] for step in window.session.branch_play(name).game.steps
        )
    ]
    assert len(Tags(page).all("section", "phase")) == len(phases)
    assert not shown
    export_action.trigger()
    assert shown == [f"cannot write {tmp_path / 'missing' / 'x.html'}: No such file or directory"]


def test_file_export_shows_its_progress_and_cancelling_writes_nothing(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.open_path(M8)
    target = tmp_path / "lesson.html"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a: (str(target), EVERY_STEP))
    )
    seen: list[tuple[int, int]] = []
    real = QProgressDialog.setValue
    monkeypatch.setattr(
        QProgressDialog,
        "setValue",
        lambda dialog, value: (seen.append((value, dialog.maximum())), real(dialog, value)),
    )
    export_dialog(window)
    drawn = len(drawn_ids())
    assert seen == [(n, drawn) for n in range(1, drawn + 1)]  # every table drawn, counted
    assert target.exists()
    assert window.statusBar().currentMessage().startswith(f"Exported {len(all_ids())} steps of 2")
    target.unlink()
    monkeypatch.setattr(QProgressDialog, "wasCanceled", lambda dialog: True)
    export_dialog(window)
    assert not target.exists() and not list(tmp_path.glob(".lesson*"))
    assert window.statusBar().currentMessage() == "Export cancelled: no file was written"


def test_a_lesson_page_costs_its_distinct_steps_not_its_branches(tmp_path: Path) -> None:
    scenario, source = load_scenario(M8)
    main_steps = play_branch(scenario, source, MAIN).game.steps
    chain = [Timeline(f"b{n}", main_steps, MAIN if n == 1 else f"b{n - 1}") for n in range(1, 41)]
    lesson = Lesson.of(scenario, M8, Timeline(MAIN, main_steps), chain)  # all play as main
    drawn: list[int] = []
    page = lesson_page(lesson, progress=lambda done, total: drawn.append(total))
    assert len(Tags(page).all("img")) == len(main_steps) == drawn[-1] == len(drawn)
    note = "The same as in <b>main</b>, which shows its table and rules: it never departs"
    assert page.count(note) == 40 * len(main_steps)  # named where each table is shown


# ----------------------------------------------------------------------------- in a browser

CHECK = """<script>
addEventListener("load", () => {
  const images = [...document.images];
  const check = document.createElement("pre");
  check.id = "check";
  check.textContent = JSON.stringify({
    images: images.length,
    decoded: images.filter((image) => image.complete && image.naturalWidth > 0).length,
    sections: document.querySelectorAll("section.step").length,
  });
  document.body.append(check);
});
</script>"""


def chromium(profile: Path, *options: str) -> str:
    command = [
        str(CHROMIUM),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND",  # nothing resolves: the page must need nothing
        f"--user-data-dir={profile}",
        *options,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, check=True)
    return done.stdout


@pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
def test_the_page_in_headless_chromium(page_file: Path, tmp_path: Path) -> None:
    steps = len(all_ids())  # every timeline's images decode, the hidden tabs' too
    drawn = len(drawn_ids())
    checked = tmp_path / "checked.html"
    page = page_file.read_text(encoding="utf-8")
    checked.write_text(page.replace("</body>", f"{CHECK}</body>"), encoding="utf-8")
    dom = chromium(tmp_path / "profile", "--dump-dom", checked.as_uri())
    found = re.search(r'<pre id="check">(.*?)</pre>', dom)
    assert found, dom[-2000:]
    assert json.loads(found.group(1)) == {"images": drawn, "decoded": drawn, "sections": steps}

    shot = tmp_path / "page.png"
    chromium(
        tmp_path / "profile", f"--screenshot={shot}", "--window-size=1280,2000", page_file.as_uri()
    )
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (1280, 2000)
    table = QColor("#2e5e3e")  # the table's green: a table image shows in the first screen
    greens = sum(
        image.pixelColor(x, y) == table for x in range(0, 1280, 8) for y in range(0, 2000, 8)
    )
    assert greens > 0.05 * (1280 // 8) * (2000 // 8)


def test_branches_are_tabs_on_the_page(page_file: Path) -> None:
    page = page_file.read_text(encoding="utf-8")
    tags = Tags(page)
    assert [t["id"] for t in tags.all("input", "tab")] == ["tab-0", "tab-1"]
    assert "checked" in tags.all("input", "tab")[0]  # the file's own script shows first
    assert (
        '<label for="tab-0"><a href="#panel-0">main</a></label>'
        '<label for="tab-1"><a href="#panel-1">doubling first</a></label>'
    ) in page
    assert "<script" not in page.lower()


SHOWN = """<script>
addEventListener("load", () => {
  const shown = [...document.querySelectorAll(".panel")]
    .filter((panel) => getComputedStyle(panel).display !== "none").map((panel) => panel.id);
  const check = document.createElement("pre");
  check.id = "check";
  check.textContent = JSON.stringify(shown);
  document.body.append(check);
});
</script>"""


@pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
@pytest.mark.parametrize(
    ("fragment", "panels"),
    [("", ["panel-0"]), ("#b1-step-3", ["panel-1"]), ("#panel-1", ["panel-1"])],
    ids=["no-link", "a-step-of-the-branch", "the-branchs-tab"],
)
def test_a_link_into_a_branch_opens_its_tab(
    page_file: Path, tmp_path: Path, fragment: str, panels: list[str]
) -> None:
    checked = tmp_path / "shown.html"
    page = page_file.read_text(encoding="utf-8")
    checked.write_text(page.replace("</body>", f"{SHOWN}</body>"), encoding="utf-8")
    dom = chromium(tmp_path / "profile", "--dump-dom", checked.as_uri() + fragment)
    found = re.search(r'<pre id="check">(.*?)</pre>', dom)
    assert found, dom[-2000:]
    assert json.loads(found.group(1)) == panels


@pytest.mark.parametrize("by", ["step", "phase"])
def test_a_lessons_page_holds_each_teacher_note_once_where_it_begins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], by: str
) -> None:
    path = tmp_path / "lesson.yaml"
    path.write_text(LESSON, encoding="utf-8")
    page = tmp_path / "lesson.html"
    assert main(["export", str(path), "-o", str(page), "--by", by]) == 0
    chunks = page.read_text(encoding="utf-8").split('id="step-')[1:]  # one per step
    noted = {
        int(chunk.split('"')[0]): re.findall(r'class="teacher-note"><b>Note:</b> ([^<]*)', chunk)
        for chunk in chunks
    }
    assert noted[0] == [escape("Bob's sentinel has 4 Might and 2 damage.")]  # the set-up
    assert noted[1] == ["The Spark would make it 4."]  # where its action begins
    assert all(not notes for index, notes in noted.items() if index > 1)  # each note once


class SidesTable(HTMLParser):
    """The rows of a page's first ``table.sides``: each cell's tag, attributes and text, and
    the row's class."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.rows: list[tuple[str, list[tuple[str, dict[str, str], str]]]] = []
        self.inside = self.done = False
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {key: value or "" for key, value in attrs}
        if tag == "table" and named.get("class") == "sides" and not self.done:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append((named.get("class", ""), []))
        elif self.inside and tag in ("th", "td"):
            self.rows[-1][1].append((tag, named, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self.inside:
            self.inside, self.done = False, True

    def handle_data(self, data: str) -> None:
        if self.inside and self.rows and self.rows[-1][1]:
            tag, attrs, text = self.rows[-1][1][-1]
            self.rows[-1][1][-1] = (tag, attrs, text + data)


def test_a_branchs_tab_sets_the_two_last_tables_side_by_side(page_file: Path) -> None:
    """Where the branch departs, then a column for each side (its name and a link to its last
    step, whose table the page shows): what differs first and marked, then the facts of the
    tables' own that are the same, who holds each battlefield among them; a phone stacks each
    fact's two sides, each named."""
    page = page_file.read_text(encoding="utf-8")
    head = page.split('<div class="panel" id="panel-1">', 1)[1].split("<nav>", 1)[0]
    assert 'It departs from <b>main</b> at <a href="#b1-step-2">step 2</a>.' in head
    assert 'class="compare"' not in page.split('<div class="panel" id="panel-1">', 1)[0]
    (_, heads), *rows = SidesTable(head).rows
    assert [text for _, _, text in heads] == ["", "main at step 21", "doubling first at step 10"]
    facts = {}
    for css_class, cells in rows:
        assert [tag for tag, _, _ in cells] == ["th", "td", "td"]
        assert [attrs["data-side"] for _, attrs, _ in cells[1:]] == ["main", "doubling first"]
        facts[cells[0][2]] = (cells[1][2], cells[2][2], css_class == "differs")
    assert facts["sentinel-a zone"] == ("battlefield", "trash", True)  # the decisive difference
    assert facts["Battlefield 1 holder"] == ("Bob", "Alice", True)
    assert facts["chain"] == ("0", "0", False)
    marked = [differs for _, _, differs in facts.values()]
    assert marked == sorted(marked, reverse=True)  # what differs first
    style = page.split("@media (max-width: 600px) {", 1)[1].split("\n}", 1)[0]
    assert ".sides tr { display: grid; grid-template-columns: 1fr;" in style
    assert ".sides td::before { content: attr(data-side)" in style


def test_each_step_says_why_each_card_it_changed_is_so(page_file: Path) -> None:
    """The app's "Why?" on the page: for each card a step changed, links to the earlier steps
    that changed it (the set-up last), each to its section."""
    page = page_file.read_text(encoding="utf-8")
    why = [a["href"] for a in Tags(page).all("a", "why")]
    assert why and all(href.removeprefix("#") in all_ids() for href in why)
    run = run_scenario(M8)
    assert f'href="#step-1">step 1: {escape(run.steps[1].description)}</a>' in page
    assert 'href="#step-0">step 0: ' in page
    assert page.count("Why? What made each card so") >= 2


# ----------------------------------------------------------------------------- the whole lesson


@pytest.fixture(scope="module")
def lesson_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page of a lesson with notes, a question and two branches with notes of their own."""
    folder = tmp_path_factory.mktemp("lesson")
    (folder / "lesson.yaml").write_text(LESSON + BRANCH, encoding="utf-8")
    assert main(["export", str(folder / "lesson.yaml"), "-o", str(folder / "lesson.html")]) == 0
    return folder / "lesson.html"


def step_sections(page: str) -> dict[str, str]:
    """Each step's section of ``page``, by its id."""
    return dict(re.findall(r'<section class="step" id="([^"]+)">(.*?)</section>', page, re.S))


# a step's picture with the lesson's note beside it, in one block
BESIDE = re.compile(
    r'<div class="noted"><figure><img [^>]*><figcaption>[^<]*</figcaption></figure>'
    r'<aside class="teacher-note"><b>Note:</b> ([^<]*)</aside></div>'
)
QUESTION = re.compile(
    r'<div class="question"><p><b>Predict before reading on:</b> ([^<]*)</p>'
    r'<ol class="choices">(.*?)</ol>'
    r'<details class="answer"><summary>Show the answer</summary>(.*?)</details>'
    r'<div class="printed-answer">(.*?)</div></div>'
)


def test_each_note_is_beside_the_picture_of_the_step_its_action_begins_at(
    lesson_file: Path,
) -> None:
    scenario, source = load_scenario(lesson_file.with_suffix(".yaml"))
    starts = play_branch(scenario, source, MAIN).runner.starts
    steps = step_sections(lesson_file.read_text(encoding="utf-8"))
    beside = {id: BESIDE.findall(section) for id, section in steps.items()}
    assert {id: notes for id, notes in beside.items() if notes and not id.startswith("b")} == {
        f"step-{starts[label]}": [escape(note)] for label, note in scenario.notes.items()
    }


def test_a_question_is_asked_after_the_step_before_its_action_its_answer_behind_a_click(
    lesson_file: Path,
) -> None:
    scenario, source = load_scenario(lesson_file.with_suffix(".yaml"))
    (question,) = scenario.predict
    held = play_branch(scenario, source, MAIN).runner.starts[question.at] - 1
    page = lesson_file.read_text(encoding="utf-8")
    steps = step_sections(page)
    asked = {id: QUESTION.findall(section) for id, section in steps.items()}
    answer = f"<p><b>Answer:</b> {escape(question.answer)}</p><p>{escape(question.why)}</p>"
    choices = "".join(f"<li>{escape(choice)}</li>" for choice in question.choices)
    assert {id: found for id, found in asked.items() if found} == {
        f"step-{held}": [(escape(question.question), choices, answer, answer)]
    }
    section = steps[f"step-{held}"]
    assert section.index("<img") < section.index("Rules applied") < section.index("question")
    assert page.count(escape(question.why)) == 2  # behind the click, and printed


def test_by_phase_a_question_is_asked_in_the_step_before_its_action(tmp_path: Path) -> None:
    path = tmp_path / "lesson.yaml"
    path.write_text(LESSON, encoding="utf-8")
    assert main(["export", str(path), "-o", str(tmp_path / "page.html"), "--by", "phase"]) == 0
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    chunks = page.split('<li id="step-')[1:]  # each from its step's item to the next one's
    asked = {int(chunk.split('"')[0]): len(QUESTION.findall(chunk)) for chunk in chunks}
    assert {index: count for index, count in asked.items() if count} == {0: 1}


def test_a_branchs_tab_shows_its_notes_at_its_steps_and_its_differences_from_main(
    lesson_file: Path,
) -> None:
    scenario, source = load_scenario(lesson_file.with_suffix(".yaml"))
    page = lesson_file.read_text(encoding="utf-8")
    main_play = play_branch(scenario, source, MAIN)
    panels = page.split('<div class="panel" id="panel-')[1:]
    assert len(panels) == 1 + len(scenario.branches) == 3
    for n, (branch, panel) in enumerate(zip(scenario.branches, panels[1:], strict=True), 1):
        play = play_branch(scenario, source, branch.name)
        steps = step_sections(panel)
        for label, note in branch.notes.items():
            section = steps[f"b{n}-step-{play.runner.starts[label]}"]
            shown = f'<aside class="teacher-note"><b>Note:</b> {escape(note)}</aside>'
            assert section.count(shown) == 1
            assert "<img" in section or "The same as in <b>main</b>" in section
            assert escape(note) not in panels[0] and page.count(escape(note)) == 1
        head = panel.split("<nav>", 1)[0]
        ends = differences(main_play.game.steps[-1].table, play.game.steps[-1].table)
        differing = '<tr class="differs"><th scope="row">{}</th>'
        assert ends and all(differing.format(escape(d.what)) in head for d in ends)
        assert "It departs from <b>main</b> at " in head
    # the turn ending is the second branch's own: its table and its note side by side
    (noted,) = [notes for notes in map(BESIDE.findall, step_sections(panels[2]).values()) if notes]
    assert noted == [escape(scenario.branches[1].notes["next-turn"])]


HOSTILE = "<script>alert(1)</script><img src=x onerror=alert(2)>"


def test_every_word_of_a_lesson_is_shown_as_text_never_as_markup(tmp_path: Path) -> None:
    words = [
        ("title: Notes", f'title: "Notes {HOSTILE}"'),
        ("  start: Bob's", f'  start: "{HOSTILE}" # Bob\'s'),
        ("    question: Does", f'    question: "{HOSTILE}" # Does'),
        ("[It survives, It dies]", f'["It survives", "It dies {HOSTILE}"]'),
        ("    why: Quick", f'    why: "{HOSTILE}" # Quick'),
        ("  - name: no answer", '  - name: "no answer </label><b>"'),
        ("      alone: Nothing", f'      alone: "{HOSTILE}" # Nothing'),
    ]
    text = LESSON + BRANCH
    for old, new in words:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["export", str(path), "-o", str(tmp_path / "page.html")]) == 0
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    tags = Tags(page)
    assert not tags.all("script")
    assert all(img["src"].startswith("data:image/png;base64,") for img in tags.all("img"))
    assert "onerror" not in str(tags.tags) and "</label><b>" not in page
    assert page.count(escape(HOSTILE)) >= 6  # title, note, question, choice, why, branch note
    assert escape("no answer </label><b>") in page


def test_a_branch_note_at_a_label_its_timeline_does_not_play_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "lesson.yaml"
    text = LESSON + BRANCH.replace("      next-turn: Alice", "      next-trun: Alice")
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("      next-trun: Alice ends her turn, and the damage heals.")
    assert main(["export", str(path), "-o", str(tmp_path / "page.html")]) == 2
    assert capsys.readouterr().err == (
        f"error: {path}:{line + 1}: branches[1].notes.next-trun: branch 'next turn': no script "
        "action has the label 'next-trun' (did you mean 'next-turn'?); the labels: start, mend, "
        "next-turn, spark\n"
    )
    assert not (tmp_path / "page.html").exists()


def test_the_page_prints_every_tab_and_every_answer_and_keeps_a_step_on_one_page(
    lesson_file: Path,
) -> None:
    page = lesson_file.read_text(encoding="utf-8")
    printed = re.search(r"@media print \{(.*?)\n\}", page, re.S)
    assert printed, "no print style"
    rules = " ".join(printed.group(1).split())
    assert ".answer { display: none; }" in rules and ".printed-answer { display: block; }" in rules
    assert (
        "section.step, section.phase, .phase-steps > li, figure, .noted { break-inside: avoid; }"
        in rules
    )
    assert "nav, .tab, .labels { display: none; }" in rules
    tabs = re.search(
        r"<style>@media screen \{ \.tab \{ display: none; \} \.panel \{ display: none; \}", page
    )
    assert tabs, "the tabs hide panels on a screen only"


LAYOUT = """<script>
addEventListener("load", () => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const figure = box(".noted figure"), note = box(".noted .teacher-note");
  const shown = (selector) => [...document.querySelectorAll(selector)]
    .filter((element) => element.checkVisibility()).length;
  const seen = {
    beside: note.left >= figure.right && note.top < figure.bottom,
    under: note.top >= figure.bottom,
    fits: [...document.images].every((image) => image.getBoundingClientRect().right
      <= document.documentElement.clientWidth),
    answers: shown(".answer p"),
    printed: shown(".printed-answer"),
    panels: shown(".panel"),
  };
  document.querySelectorAll("details").forEach((details) => { details.open = true; });
  seen.opened = shown(".answer p");  // a click on each "Show the answer"
  const check = document.createElement("pre");
  check.id = "check";
  check.textContent = JSON.stringify(seen);
  document.body.append(check);
});
</script>"""


@pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
@pytest.mark.parametrize(
    ("width", "medium", "seen"),
    [
        (1280, "screen", {"beside": True, "under": False, "answers": 0, "printed": 0, "panels": 1}),
        (390, "screen", {"beside": False, "under": True, "answers": 0, "printed": 0, "panels": 1}),
        (800, "print", {"beside": True, "under": False, "answers": 0, "printed": 1, "panels": 3}),
    ],
    ids=["a-wide-screen", "a-phone", "printed"],
)
def test_the_lesson_in_headless_chromium(
    lesson_file: Path, tmp_path: Path, width: int, medium: str, seen: dict[str, object]
) -> None:
    """On a wide screen the note is beside its table, on a phone under it, the answer behind
    its click; printed (its print style taken as the screen's), every tab and answer shows."""
    page = lesson_file.read_text(encoding="utf-8").replace("</body>", f"{LAYOUT}</body>")
    printed = medium == "print"
    if printed:
        page = page.replace("@media print", "@media all").replace("@media screen", "@media print")
    checked = tmp_path / "layout.html"
    checked.write_text(page, encoding="utf-8")
    dom = chromium(
        tmp_path / "profile", f"--window-size={width},900", "--dump-dom", checked.as_uri()
    )
    found = re.search(r'<pre id="check">(.*?)</pre>', dom)
    assert found, dom[-2000:]
    assert json.loads(found.group(1)) == {**seen, "fits": True, "opened": 0 if printed else 2}
