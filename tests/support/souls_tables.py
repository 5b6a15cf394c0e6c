"""Small souls set-ups shared by the tests, as scenario YAML."""

from __future__ import annotations

import textwrap

HEADER = """\
ruleset: souls
title: {title}
rules: [S-1]
"""

BATTLE_LINE = (
    HEADER
    + """\
setup:
  players:
    - name: Alice
      realm: {{card: Old Keep}}
      slots:
        A1: {{card: Thorn Squire, captured: true}}
        B1: {{card: Sylva}}
        C1: {{card: Blood Priest}}
      hand:
        - {{card: Firebolt}}
        - {{card: Mossback Guard}}
        - {{card: Mending Light}}
    - name: Bob
      realm: {{card: Ember Citadel}}
      slots:
        A1: {{card: Ember Imp}}
        B1: {{card: Ash Zealot, captured: true}}
        B2: {{card: Fading Wisp}}
"""
)


def scenario_text(body: str = BATTLE_LINE, title: str = "Test table", script: str = "") -> str:
    text = body.format(title=title)
    if script:
        text += "script:\n" + textwrap.indent(textwrap.dedent(script), "  ")
    return text
