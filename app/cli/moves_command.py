"""``cardtable moves``: what may be tried where a file's script (or a branch) ends, each offer
with the rules' verdict (``Playthrough.legal_actions``), written as a script entry to paste."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import yaml

from app.cli.terminal_text import one_line
from engine.branches import MAIN
from engine.offers import Judged
from engine.scenario import load_scenario, play_branch
from engine.script import dump_action
from engine.step_names import verify_branch


def entry(judged: Judged) -> str:
    """The offer as a script writes it (``- move: {unit: x, to: base}``), or ``pass``."""
    action = judged.action
    if action is None:
        return "pass"
    written = dump_action(action)
    if action.verb.bare and written == {action.kind: {}}:
        return action.kind  # ``- end_turn``, as files write it
    flow = yaml.safe_dump(written, default_flow_style=True, sort_keys=False, width=1_000_000)
    return flow.strip()[1:-1]  # one entry: its mapping's braces left out


def moves_json(judged: list[Judged]) -> list[dict[str, object]]:
    return [
        {
            "card": each.card,
            "label": each.offer.label,
            "group": each.offer.group,
            "action": None if each.action is None else dump_action(each.action),
            "legal": each.legal,
            "rule": None if each.refusal is None else each.refusal.rule,
            "reason": None if each.refusal is None else each.refusal.message,
        }
        for each in judged
    ]


def moves_text(judged: list[Judged]) -> list[str]:
    """The legal moves, then the refused ones with their rule and reason, one per line."""
    legal = [each for each in judged if each.legal]
    refused = [each for each in judged if not each.legal]
    lines = [f"Legal now ({len(legal)}):"]
    lines += [f"  - {one_line(entry(each))}" for each in legal] or ["  none"]
    lines += ["", f"Refused ({len(refused)}):"]
    for each in refused:
        assert each.refusal is not None
        lines.append(f"  - {one_line(entry(each))}")
        lines.append(f"      {each.refusal.rule}: {one_line(each.refusal.message)}")
    return lines if refused else lines[:-2]


def command_moves(args: argparse.Namespace) -> int:
    scenario, source = load_scenario(Path(args.file))
    branch = args.branch or MAIN
    verify_branch(scenario, source, branch)
    judged = play_branch(scenario, source, branch).legal_actions()
    if args.legal:
        judged = [each for each in judged if each.legal]
    if args.json:
        print(json.dumps(moves_json(judged), indent=2))
    else:
        print("\n".join(moves_text(judged)))
    return 0
