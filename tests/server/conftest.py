"""Fixtures for the web app's API tests: an app over a fresh database (helpers to play
through the API are in web_helpers.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ostfront.server.app import create_app


@pytest.fixture(scope="module")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("web") / "games.sqlite"


@pytest.fixture(scope="module")
def client(db_path: Path) -> Iterator[TestClient]:
    app = create_app(db_path, move_delay=0)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c
