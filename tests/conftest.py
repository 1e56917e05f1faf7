"""Shared test set-up: the protocol test game (tests/toygame.py) joins the registry."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from ostfront import games
from toygame import GAME as TOY

games.register(TOY, replace=True)
