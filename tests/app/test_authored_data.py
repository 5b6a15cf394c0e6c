"""What the user writes into the open file besides the script, as the data saving writes
(app/presentation/authoring.py): a note written again keeps its place, a question asked again
replaces the one asked there, and a label renamed is renamed wherever it is named."""

from __future__ import annotations

from typing import Any

from app.presentation.authoring import Authored
from engine.lessons import Prediction


def question(at: str, text: str = "Does it survive?") -> Prediction:
    return Prediction(at=at, question=text, choices=("Yes", "No"), answer="Yes", why="P-41.")


def asked(authored: Authored) -> list[tuple[str, str]]:
    return [(entry["at"], entry["question"]) for entry in authored.predict]


def test_a_note_written_again_keeps_its_place_and_an_empty_one_is_taken_out() -> None:
    authored = Authored().noting("start", "set-up").noting("spark", "hot").noting("end", "done")
    again = authored.noting("spark", "hotter")
    assert list(again.notes.items()) == [("start", "set-up"), ("spark", "hotter"), ("end", "done")]
    assert dict(again.noting("spark", "").notes) == {"start": "set-up", "end": "done"}
    assert again.noting("never", "").notes == again.notes  # no note there: nothing to take out
    assert authored.notes["spark"] == "hot"  # each edit a new record: undo keeps the old one


def test_a_question_asked_again_before_an_action_replaces_the_one_asked_there() -> None:
    authored = Authored().asking(question("spark")).asking(question("mend", "Healed?"))
    assert asked(authored) == [("spark", "Does it survive?"), ("mend", "Healed?")]
    again = authored.asking(question("spark", "Who wins?"))
    assert asked(again) == [("spark", "Who wins?"), ("mend", "Healed?")]  # in its place
    assert asked(again.asking(question("mend", "Healed?"))) == asked(again)  # the same: once
    assert asked(again.asking(question("end", "Over?")))[-1] == ("end", "Over?")  # a new one last
    assert again.predictions[0] == question("spark", "Who wins?")


def test_a_label_renamed_is_renamed_in_every_expectation_note_and_question() -> None:
    expectation: dict[str, Any] = {
        "at": "spark",
        "cards": {"spark": {"zone": "trash"}},  # a card named like the label: not a label
        "steps": [
            {"rule": "M-7", "before": "spark"},
            {"card": "spark", "between": ["start", "spark"]},  # the card keeps its name
        ],
        "no_steps": [{"change": "died", "before": "mend"}, {"change": "died", "before": "spark"}],
        "winner": "spark",  # a player named like the label: not a label
    }
    other = {"at": "mend", "steps": [{"between": ["spark", "mend"]}]}
    authored = (
        Authored()
        .expecting(expectation)
        .expecting(other)
        .noting("spark", "hot")
        .noting("mend", "healed")
        .asking(question("spark"))
        .asking(question("mend"))
    )
    renamed = authored.relabelled("spark", "bolt")
    assert renamed.expect == (
        {
            "at": "bolt",
            "cards": {"spark": {"zone": "trash"}},
            "steps": [
                {"rule": "M-7", "before": "bolt"},
                {"card": "spark", "between": ["start", "bolt"]},
            ],
            "no_steps": [
                {"change": "died", "before": "mend"},
                {"change": "died", "before": "bolt"},
            ],
            "winner": "spark",
        },
        {"at": "mend", "steps": [{"between": ["bolt", "mend"]}]},
    )
    assert list(renamed.notes.items()) == [("bolt", "hot"), ("mend", "healed")]
    assert [entry["at"] for entry in renamed.predict] == ["bolt", "mend"]
    assert authored.relabelled("never", "bolt") == authored


def test_a_label_is_in_use_while_anything_written_names_it() -> None:
    bare = Authored().noting("start", "set-up")
    assert bare.uses("start") and not bare.uses("spark")
    assert Authored().asking(question("spark")).uses("spark")
    assert Authored().expecting({"at": "end", "steps": [{"before": "spark"}]}).uses("spark")
    assert not Authored().expecting({"at": "end", "cards": {"spark": {}}}).uses("spark")


def test_the_data_saved_is_what_was_read_and_added_in_file_order() -> None:
    data = {
        "notes": {"start": "set-up"},
        "predict": [question("spark").model_dump(mode="json")],
        "rules": ["P-41"],
        "expect": [{"at": "end", "turn": 2}],
    }
    authored = Authored.read(data)
    assert authored.data() == data
    assert Authored.read({}).data() == {"notes": {}, "predict": [], "rules": [], "expect": []}
    added = authored.expecting({"at": "start", "turn": 1}).naming(("M5", "P-41"))
    assert added.data()["expect"] == [{"at": "end", "turn": 2}, {"at": "start", "turn": 1}]
    assert added.data()["rules"] == ["M5", "P-41"]
