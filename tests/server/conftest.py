"""Fixtures for the web app's API tests: an app over a fresh database (helpers to play
through the API are in web_helpers.py), and fresh databases on each backend (SQLite, and
PostgreSQL when a server answers)."""

from __future__ import annotations

import os
import secrets
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


# ------------------------------------------------------------------ the database backends
#: The PostgreSQL server the tests use (trust authentication; CI runs one there). Each test
#: makes a schema of its own in it and drops it afterwards.
PG_URL = os.environ.get("OSTFRONT_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A ``postgresql://`` URL whose tables go to a fresh schema, dropped after the test;
    the test is skipped (saying why) only if no PostgreSQL server answers. Its sessions
    commit without waiting for the disk (``synchronous_commit = off``, what the SQLite store
    does by default, ``store.SYNCHRONOUS``): no test crashes the database server, and a
    commit is seen by every other session at once either way."""
    psycopg = pytest.importorskip("psycopg")
    try:
        admin = psycopg.connect(PG_URL, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        pytest.skip(f"no PostgreSQL server answers at {PG_URL} ({first}); set OSTFRONT_TEST_PG")
    schema = f"ostfront_test_{secrets.token_hex(6)}"
    admin.execute(f'CREATE SCHEMA "{schema}"')
    try:
        options = f"-csearch_path%3D{schema}%20-csynchronous_commit%3Doff"
        yield f"{PG_URL}{'&' if '?' in PG_URL else '?'}options={options}"
    finally:
        admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        admin.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh game database on each backend: an SQLite file, a PostgreSQL schema."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite")
    url: str = request.getfixturevalue("pg_url")
    return url
